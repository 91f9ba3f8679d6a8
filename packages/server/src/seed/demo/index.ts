/**
 * The demo beyond its organization and admin (seed/demo.ts): one seeder per app, run in this order on
 * the first start of an empty database, before the port opens, and finished by the next start when
 * that one was killed (demo_seeds). An app that lands adds its file here.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/database';
import { DEMO_ADMIN, DEMO_ORG } from '../demo';
import { alertsSeeder } from './alerts';
import { type DemoContext, type DemoSeeder, demoApi } from './context';
import { dashboardsSeeder } from './dashboards';
import { entityManagerSeeder } from './entityManager';
import { historySeeder } from './history';
import { iotManagerSeeder } from './iotManager';
import { roleManagerSeeder } from './roleManager';
import { streamLogicSeeder } from './streamLogic';

/** Later seeders may use what earlier ones made (the sensors, the gateways). */
export const DEMO_SEEDERS: readonly DemoSeeder[] = [
  entityManagerSeeder,
  iotManagerSeeder,
  roleManagerSeeder,
  dashboardsSeeder,
  alertsSeeder,
  streamLogicSeeder,
  historySeeder,
];

/**
 * Runs the app seeders the demo organization planned and has not finished, in order, each recorded as
 * finished once it is: a first start killed while seeding is completed by the next start. Answers
 * whether any ran (a demo with nothing left to do, or none at all, reads only demo_seeds).
 */
export async function seedDemoApps(db: Db, app: FastifyInstance): Promise<boolean> {
  const planned = await db
    .selectFrom('demo_seeds')
    .innerJoin('orgs', 'orgs.id', 'demo_seeds.org_id')
    .select(['demo_seeds.org_id', 'demo_seeds.seeder', 'demo_seeds.completed_at'])
    .where('orgs.slug', '=', DEMO_ORG.slug)
    .execute();
  const orgId = planned[0]?.org_id;
  const unfinished = new Set(planned.filter((row) => row.completed_at === null).map((row) => row.seeder));
  if (!orgId || unfinished.size === 0) return false;
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_ADMIN.email)
    .executeTakeFirstOrThrow();
  const projects = await db
    .selectFrom('projects')
    .select(['id', 'name'])
    .where('org_id', '=', orgId)
    .execute();
  const ctx: DemoContext = {
    db,
    api: await demoApi(app, DEMO_ADMIN.email, DEMO_ADMIN.password, orgId),
    orgId,
    adminId: admin.id,
    projects: new Map(projects.map((project) => [project.name, project.id])),
    sensors: new Map(),
    gateways: new Map(),
  };
  for (const seeder of DEMO_SEEDERS) {
    if (!unfinished.has(seeder.key)) {
      await seeder.load?.(ctx);
      continue;
    }
    await seeder.clear(ctx);
    await seeder.seed(ctx);
    await db
      .updateTable('demo_seeds')
      .set({ completed_at: new Date() })
      .where('org_id', '=', orgId)
      .where('seeder', '=', seeder.key)
      .execute();
  }
  return true;
}

/**
 * Runs the demo's unfinished app seeders; answers whether the demo was made or completed on this start.
 * On the first start a failure stops it (the next start tries again); a later start that cannot
 * complete the demo (its admin's password changed, say) still serves what there is, and says so.
 */
export async function completeDemo(
  db: Db,
  app: FastifyInstance,
  seeded: boolean,
  log: Logger,
): Promise<boolean> {
  try {
    return (await seedDemoApps(db, app)) || seeded;
  } catch (error) {
    if (seeded) throw error;
    log.warn({ err: error }, 'The demo could not be completed; the next start tries again');
    return false;
  }
}
