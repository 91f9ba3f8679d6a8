/** The demo organization and admin a newcomer signs in with on first start. */
import { APP_KEYS, DEFAULT_USER_SETTING } from '@ferrite/contracts';
import type { Transaction } from 'kysely';
import type { Db } from '../platform/db/database';
import type { Database } from '../platform/db/schema';
import { hashPassword } from '../platform/security/passwords';

export const DEMO_ADMIN = {
  email: 'admin@ferrite.dev',
  password: 'Ferrite@2026',
  name: 'Demo Admin',
} as const;
export const DEMO_ORG = { name: 'Demo Plant', slug: 'demo-plant' } as const;

/**
 * Seeds the demo when the database has no users yet; answers whether it seeded. `appSeeders` are the
 * app seeders (seed/demo/index.ts) the organization plans, recorded with it so that a start killed
 * before they finish is completed by the next one.
 */
export async function seedDemoIfEmpty(db: Db, appSeeders: readonly string[] = []): Promise<boolean> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  await db.transaction().execute(async (trx) => {
    const org = await trx
      .insertInto('orgs')
      .values({ name: DEMO_ORG.name, slug: DEMO_ORG.slug, apps: JSON.stringify(APP_KEYS) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        email: DEMO_ADMIN.email,
        name: DEMO_ADMIN.name,
        password_hash: passwordHash,
        is_platform_admin: true,
        settings: JSON.stringify(DEFAULT_USER_SETTING),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('memberships').values({ org_id: org.id, user_id: user.id, role: 'admin' }).execute();
    await seedRoleManagerDemo(trx, org.id, user.id);
    if (appSeeders.length > 0) {
      await trx
        .insertInto('demo_seeds')
        .values(appSeeders.map((seeder) => ({ org_id: org.id, seeder })))
        .execute();
    }
  });
  return true;
}

const DEMO_PROJECTS = [
  {
    name: 'Line 1 Assembly',
    description: 'Final assembly line: torque stations, conveyors and the end-of-line tester.',
    address: 'Hall A, Trafford Park, Manchester',
    latitude: 53.4654,
    longitude: -2.3202,
    metadata: [
      { key: 'Shift pattern', value: '3 x 8h' },
      { key: 'Cost centre', value: 'CC-1100' },
    ],
  },
  {
    name: 'Boiler House',
    description: 'Two gas boilers, the feed-water pump skid and the steam header that serves the plant.',
    address: 'Utilities block, Trafford Park, Manchester',
    latitude: 53.464,
    longitude: -2.3183,
    metadata: [{ key: 'Permit', value: 'BH-2024-07' }],
  },
  {
    name: 'Packaging Hall',
    description: 'Fillers and cappers for 500 g jars, and the palletizer before dispatch.',
    address: 'Hall C, Trafford Park, Manchester',
    latitude: 53.4661,
    longitude: -2.3157,
    metadata: [],
  },
] as const;

const DEMO_GROUPS = [
  {
    name: 'Operators',
    description: 'Shop-floor operators: watch the live dashboards and look up assets and sensors.',
    apps: ['entityManager', 'dashboards', 'alerts'],
    permissions: ['entityManager.view', 'dashboards.view', 'alerts.view', 'alerts.acknowledge'],
  },
  {
    name: 'Engineers',
    description: 'Process and maintenance engineers: the asset hierarchy, sensors, gateways and dashboards.',
    apps: [
      'entityManager',
      'dashboards',
      'iotManager',
      'alerts',
      'dataInsights',
      'digitalTwin',
      'streamLogic',
      'reportWizard',
    ],
    permissions: [
      'entityManager.view',
      'entityManager.manageAssets',
      'entityManager.manageSensors',
      'dashboards.view',
      'dashboards.create',
      'dashboards.edit',
      'dashboards.share',
      'iotManager.view',
      'iotManager.manageGateways',
      'alerts.view',
      'alerts.manageRules',
      'alerts.acknowledge',
      'dataInsights.view',
      'dataInsights.analyze',
      'digitalTwin.view',
      'digitalTwin.edit',
      'streamLogic.view',
      'streamLogic.editChains',
      'reportWizard.view',
      'reportWizard.manageReports',
    ],
  },
] as const;

/** Demo projects, user groups and a custom role, so the Role Manager lists are not empty on first start. */
async function seedRoleManagerDemo(
  trx: Transaction<Database>,
  orgId: string,
  adminId: string,
): Promise<void> {
  const start = Date.now() - DEMO_PROJECTS.length * 60_000;
  for (const [index, project] of DEMO_PROJECTS.entries()) {
    const created = await trx
      .insertInto('projects')
      .values({
        org_id: orgId,
        name: project.name,
        description: project.description,
        manager_id: adminId,
        created_by: adminId,
        // A minute apart, so "newest first" lists them in a stable order.
        created_at: new Date(start + index * 60_000),
        metadata: JSON.stringify(project.metadata),
        location: JSON.stringify({
          address: project.address,
          latitude: project.latitude,
          longitude: project.longitude,
        }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('project_members')
      .values({ org_id: orgId, project_id: created.id, user_id: adminId })
      .execute();
  }
  for (const group of DEMO_GROUPS) {
    await trx
      .insertInto('user_groups')
      .values({
        org_id: orgId,
        name: group.name,
        description: group.description,
        apps: JSON.stringify(group.apps),
        permissions: JSON.stringify(group.permissions),
      })
      .execute();
  }
  await trx
    .insertInto('roles')
    .values({
      org_id: orgId,
      name: 'Shift Lead',
      description: 'Runs a shift: watches the dashboards and shares them with the team.',
      permissions: JSON.stringify([
        'alerts.acknowledge',
        'alerts.view',
        'dashboards.share',
        'dashboards.view',
        'reportWizard.send',
        'reportWizard.view',
      ]),
    })
    .execute();
}
