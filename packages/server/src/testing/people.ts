/** Test helpers for people: members inserted directly, groups, and links read from the mail outbox. */
import { DEFAULT_USER_SETTING } from '@ferrite/contracts';
import type { Db } from '../platform/db/database';
import { hashPassword } from '../platform/security/passwords';
import { DEMO_ORG } from '../seed/demo';

/** The demo organization's id. */
export async function demoOrgId(db: Db): Promise<string> {
  const org = await db
    .selectFrom('orgs')
    .select('id')
    .where('slug', '=', DEMO_ORG.slug)
    .executeTakeFirstOrThrow();
  return org.id;
}

/** Creates a user group with apps and actions, straight in the database; answers its id. */
export async function createGroup(
  db: Db,
  orgId: string,
  group: { name: string; apps: string[]; permissions?: string[] },
): Promise<string> {
  const row = await db
    .insertInto('user_groups')
    .values({
      org_id: orgId,
      name: group.name,
      apps: JSON.stringify(group.apps),
      permissions: JSON.stringify(group.permissions ?? []),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates an account (or reuses one by e-mail) and makes it a member; answers the user id. */
export async function addMember(
  db: Db,
  orgId: string,
  person: { email: string; password: string; name?: string; role?: 'admin' | 'member'; groupIds?: string[] },
): Promise<string> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', person.email)
    .executeTakeFirst();
  const userId =
    existing?.id ??
    (
      await db
        .insertInto('users')
        .values({
          email: person.email,
          name: person.name ?? person.email.split('@')[0] ?? person.email,
          password_hash: await hashPassword(person.password),
          settings: JSON.stringify(DEFAULT_USER_SETTING),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await db
    .insertInto('memberships')
    .values({ org_id: orgId, user_id: userId, role: person.role ?? 'member' })
    .execute();
  for (const groupId of person.groupIds ?? []) {
    await db
      .insertInto('user_group_members')
      .values({ org_id: orgId, group_id: groupId, user_id: userId })
      .execute();
  }
  return userId;
}

/** The newest mail to an address (fails the test when there is none). */
export async function latestMail(db: Db, to: string) {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** Every mail to an address, oldest first. */
export async function mailsTo(db: Db, to: string) {
  return db.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('created_at').execute();
}

/** The invitation link in a mail body: its kind, organization and token, as the web route reads them. */
export function invitationLinkIn(text: string): { orgId: string; kind: string; token: string; url: string } {
  const match = text.match(/(http:\/\/ferrite\.test\/orgs\/([0-9a-f-]{36})\/(set-password|join-org)\/(\S+))/);
  if (!match?.[1] || !match[2] || !match[3] || !match[4]) throw new Error(`no invitation link in: ${text}`);
  return { url: match[1], orgId: match[2], kind: match[3], token: decodeURIComponent(match[4]) };
}

/** Activity entries of an organization, oldest first. */
export async function activityOf(db: Db, orgId: string) {
  return db.selectFrom('activity').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
}
