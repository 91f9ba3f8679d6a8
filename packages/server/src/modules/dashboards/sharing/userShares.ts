/**
 * Sharing a dashboard with members by e-mail (spec §6 "cockpit sharing"): each recipient is mailed
 * a link to it and finds it under Shared Dashboards (GET /dashboards?shared=true) until revoked.
 * Recipients must be active members of the organization: a dashboard never leaves its tenant this way.
 */
import type { BrandSet, DashboardShare, dashboardShareBodySchema, FieldError } from '@ferrite/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { recordActivity } from '../../../platform/audit/activity';
import { inTransaction } from '../../../platform/db/repository';
import { assertUsable } from '../../../platform/http/problem';
import { iso } from '../../../platform/isoTime';
import type { Mailer } from '../../../platform/mail/mailer';
import { personRef } from '../dashboards/presenter';
import { mustFindDashboard } from '../load';
import { type Actor, activityBase, type DB, problems } from '../shared';

export type ShareInput = z.output<typeof dashboardShareBodySchema>;

/** What mailing a share needs. */
export interface ShareMailContext {
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  brand: BrandSet;
}

function sharesOf(db: DB, orgId: string, dashboardId: string) {
  return db
    .selectFrom('dashboard_shares as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as b', 'b.id', 's.shared_by')
    .select([
      's.email',
      's.user_id',
      'u.name as user_name',
      'u.email as user_email',
      's.shared_by',
      'b.name as sharer_name',
      'b.email as sharer_email',
      's.created_at',
    ])
    .where('s.org_id', '=', orgId)
    .where('s.dashboard_id', '=', dashboardId)
    .orderBy('s.created_at')
    .orderBy('s.email')
    .execute();
}

type ShareRow = Awaited<ReturnType<typeof sharesOf>>[number];

function presentShare(row: ShareRow): DashboardShare {
  return {
    email: row.email,
    user: personRef(row.user_id, row.user_name, row.user_email),
    shared_by: personRef(row.shared_by, row.sharer_name, row.sharer_email),
    created_at: iso(row.created_at),
  };
}

/** The people a dashboard is shared with, oldest share first. */
export async function listShares(
  db: DB,
  orgId: string,
  dashboardId: string,
): Promise<{ users: DashboardShare[] }> {
  await mustFindDashboard(db, orgId, dashboardId);
  return { users: (await sharesOf(db, orgId, dashboardId)).map(presentShare) };
}

/** Shares the dashboard with members by e-mail (again mails those already on the list); answers the list. */
export async function shareWithMembers(
  db: DB,
  context: ShareMailContext,
  actor: Actor,
  dashboardId: string,
  body: ShareInput,
): Promise<{ users: DashboardShare[] }> {
  const emails = [...new Set(body.emails)];
  const { dashboard, recipients, sharer } = await inTransaction(db, async (trx) => {
    const found = await mustFindDashboard(trx, actor.orgId, dashboardId);
    const members = await trx
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.email', 'u.name'])
      .where('m.org_id', '=', actor.orgId)
      .where('m.archived_at', 'is', null)
      .where((eb) => eb(eb.fn('lower', ['u.email']), 'in', emails))
      .execute();
    const byEmail = new Map(members.map((member) => [member.email.toLowerCase(), member]));
    const errors: FieldError[] = [];
    body.emails.forEach((email, index) => {
      if (!byEmail.has(email))
        errors.push({ path: `body.emails.${index}`, message: 'Not a member of this organization' });
    });
    assertUsable(errors);
    await trx
      .insertInto('dashboard_shares')
      .values(
        emails.map((email) => ({
          org_id: actor.orgId,
          dashboard_id: dashboardId,
          email,
          user_id: (byEmail.get(email) as { id: string }).id,
          shared_by: actor.userId,
        })),
      )
      .onConflict((oc) => oc.columns(['org_id', 'dashboard_id', 'email']).doNothing())
      .execute();
    await recordActivity(trx, {
      ...activityBase(actor, 'dashboard_share', dashboardId),
      action: 'shared',
      summary: `Shared dashboard "${found.name}" with ${emails.join(', ')}`,
    });
    const me = await trx.selectFrom('users').select('name').where('id', '=', actor.userId).executeTakeFirst();
    const org = await trx
      .selectFrom('orgs')
      .select('name')
      .where('id', '=', actor.orgId)
      .executeTakeFirstOrThrow();
    return {
      dashboard: { ...found, org_name: org.name },
      recipients: emails.map((email) => byEmail.get(email) as { email: string; name: string }),
      sharer: me?.name ?? 'A colleague',
    };
  });
  for (const recipient of recipients) {
    const note = body.message ? `\n\n${sharer} wrote: ${body.message}` : '';
    try {
      await context.mailer.send({
        to: recipient.email,
        brand: context.brand,
        orgId: actor.orgId,
        subject: `${sharer} shared the dashboard "${dashboard.name}" with you`,
        text: `Hello ${recipient.name},\n\n${sharer} shared the dashboard "${dashboard.name}" of ${dashboard.org_name} with you on ${context.brand.name}.${note}\n\nSign in at ${context.publicUrl}/ and open Dashboards → Share to see it.`,
      });
    } catch (error) {
      // The share is committed; the outbox keeps the message and sharing again resends it.
      context.log.error({ err: error, to: recipient.email }, 'dashboard share mail could not be sent');
    }
  }
  return { users: (await sharesOf(db, actor.orgId, dashboardId)).map(presentShare) };
}

/** Takes the dashboard off a member's Shared Dashboards list (404 when it was not shared with them). */
export async function revokeShare(db: DB, actor: Actor, dashboardId: string, email: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const found = await mustFindDashboard(trx, actor.orgId, dashboardId);
    const removed = await trx
      .deleteFrom('dashboard_shares')
      .where('org_id', '=', actor.orgId)
      .where('dashboard_id', '=', dashboardId)
      .where('email', '=', email.trim().toLowerCase())
      .returning('email')
      .executeTakeFirst();
    if (!removed) throw problems.notFound('Share');
    await recordActivity(trx, {
      ...activityBase(actor, 'dashboard_share', dashboardId),
      action: 'revoked',
      summary: `Stopped sharing dashboard "${found.name}" with ${removed.email}`,
    });
  });
}
