/**
 * The demo beyond its organization and admin (seed/demo.ts): one seeder per app, run in this order on
 * the first start of an empty database, before the port opens. An app that lands adds its file here.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { DEMO_ADMIN, DEMO_ORG } from '../demo';
import { type DemoContext, type DemoSeeder, demoApi } from './context';
import { dashboardsSeeder } from './dashboards';
import { entityManagerSeeder } from './entityManager';
import { iotManagerSeeder } from './iotManager';
import { roleManagerSeeder } from './roleManager';

/** Later seeders may use what earlier ones made (the sensors, the gateways). */
export const DEMO_SEEDERS: readonly DemoSeeder[] = [
  entityManagerSeeder,
  iotManagerSeeder,
  roleManagerSeeder,
  dashboardsSeeder,
];

/** Runs every app's seeder against the freshly seeded demo organization. */
export async function seedDemoApps(db: Db, app: FastifyInstance): Promise<void> {
  const org = await db
    .selectFrom('orgs')
    .select('id')
    .where('slug', '=', DEMO_ORG.slug)
    .executeTakeFirstOrThrow();
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_ADMIN.email)
    .executeTakeFirstOrThrow();
  const projects = await db
    .selectFrom('projects')
    .select(['id', 'name'])
    .where('org_id', '=', org.id)
    .execute();
  const ctx: DemoContext = {
    db,
    api: await demoApi(app, DEMO_ADMIN.email, DEMO_ADMIN.password, org.id),
    orgId: org.id,
    adminId: admin.id,
    projects: new Map(projects.map((project) => [project.name, project.id])),
    sensors: new Map(),
    gateways: new Map(),
  };
  for (const seeder of DEMO_SEEDERS) await seeder.seed(ctx);
}
