/**
 * Role Manager's share of the demo: a few colleagues in the demo groups (and one Shift Lead), members
 * of the projects they work on, and someone waiting for the platform admin to approve their sign-up.
 * They all sign in with DEMO_PEOPLE_PASSWORD (README, "Quick start"); passwords are argon2id hashes.
 */
import { DEFAULT_USER_SETTING } from '@ferrite/contracts';
import { hashPassword } from '../../platform/security/passwords';
import type { DemoContext, DemoSeeder } from './context';

export const DEMO_PEOPLE_PASSWORD = 'Plant@2026';

interface Person {
  name: string;
  email: string;
  group: 'Operators' | 'Engineers';
  role?: 'Shift Lead';
  projects: readonly string[];
  /** One of the 24 avatars, each person their own, so lists and the taskbar tell them apart. */
  avatar: number;
}

export const DEMO_PEOPLE: readonly Person[] = [
  {
    name: 'Priya Shah',
    avatar: 5,
    email: 'priya.shah@ferrite.dev',
    group: 'Engineers',
    projects: ['Line 1 Assembly', 'Packaging Hall'],
  },
  {
    name: 'Tomasz Kowalski',
    avatar: 1,
    email: 'tomasz.kowalski@ferrite.dev',
    group: 'Engineers',
    projects: ['Boiler House'],
  },
  {
    name: 'Lena Fischer',
    avatar: 13,
    email: 'lena.fischer@ferrite.dev',
    group: 'Operators',
    role: 'Shift Lead',
    projects: ['Line 1 Assembly', 'Packaging Hall'],
  },
  {
    name: 'Maria Fernández',
    avatar: 19,
    email: 'maria.fernandez@ferrite.dev',
    group: 'Operators',
    projects: ['Line 1 Assembly'],
  },
  {
    name: 'Kwame Mensah',
    avatar: 11,
    email: 'kwame.mensah@ferrite.dev',
    group: 'Operators',
    projects: ['Packaging Hall'],
  },
];

/** Signed up for an organization of their own; the platform admin decides in the Tenant Manager. */
export const DEMO_SIGN_UP = {
  name: 'Daniel Okafor',
  email: 'daniel.okafor@okafor-foods.example',
  organization: 'Okafor Foods',
  slug: 'okafor-foods',
};

export const roleManagerSeeder: DemoSeeder = {
  key: 'roleManager',
  async seed(ctx: DemoContext) {
    const everyone = [...DEMO_PEOPLE, DEMO_SIGN_UP];
    // argon2 runs on libuv's thread pool: hashing side by side keeps the first start short.
    const hashes = await Promise.all(everyone.map(() => hashPassword(DEMO_PEOPLE_PASSWORD)));
    const groups = await ctx.db
      .selectFrom('user_groups')
      .select(['id', 'name'])
      .where('org_id', '=', ctx.orgId)
      .execute();
    const shiftLead = await ctx.db
      .selectFrom('roles')
      .select('id')
      .where('org_id', '=', ctx.orgId)
      .where('name', '=', 'Shift Lead')
      .executeTakeFirst();
    const settings = JSON.stringify(DEFAULT_USER_SETTING);
    await ctx.db.transaction().execute(async (trx) => {
      for (const [index, person] of DEMO_PEOPLE.entries()) {
        const user = await trx
          .insertInto('users')
          .values({
            email: person.email,
            name: person.name,
            avatar: person.avatar,
            password_hash: hashes[index] as string,
            settings,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('memberships')
          .values({
            org_id: ctx.orgId,
            user_id: user.id,
            role: 'member',
            role_id: person.role ? (shiftLead?.id ?? null) : null,
          })
          .execute();
        const group = groups.find((g) => g.name === person.group);
        if (group) {
          await trx
            .insertInto('user_group_members')
            .values({ org_id: ctx.orgId, group_id: group.id, user_id: user.id })
            .execute();
        }
        for (const project of person.projects) {
          const projectId = ctx.projects.get(project);
          if (projectId) {
            await trx
              .insertInto('project_members')
              .values({ org_id: ctx.orgId, project_id: projectId, user_id: user.id })
              .execute();
          }
        }
      }
      const applicant = await trx
        .insertInto('users')
        .values({
          email: DEMO_SIGN_UP.email,
          name: DEMO_SIGN_UP.name,
          password_hash: hashes[DEMO_PEOPLE.length] as string,
          settings,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('org_requests')
        .values({
          user_id: applicant.id,
          organization_name: DEMO_SIGN_UP.organization,
          slug: DEMO_SIGN_UP.slug,
        })
        .execute();
    });
  },
  async clear(ctx: DemoContext) {
    // The seed is one transaction; its memberships and the sign-up request go with the people.
    const emails = [...DEMO_PEOPLE, DEMO_SIGN_UP].map((person) => person.email);
    await ctx.db.deleteFrom('users').where('email', 'in', emails).execute();
  },
};
