/**
 * Tenant isolation across the whole API: every route in the OpenAPI document, called with a token of
 * another organization, answers 403 or 404 and changes nothing. A route whose path names nothing (no
 * organization, no id: it serves the token's own organization, like Stream Logic's project list) cannot
 * point at the victim at all: it may answer, but nothing of the victim's is in the answer. Routes added
 * later are walked too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVictimDashboard } from '../../modules/dashboards/victimFixtures';
import { seedVictimGateway } from '../../modules/iotManager/victimFixtures';
import { TelemetryWriter } from '../../telemetry/writer';
import { bearer, signInToOrg } from '../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';
import { hashPassword } from '../security/passwords';

let platform: TestPlatform;
let victimOrgId: string;
let intruderToken: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  const demo = await signInToOrg(platform.app);
  victimOrgId = demo.org_id;
  const db = platform.deps.db;
  const intruderOrg = await db
    .insertInto('orgs')
    .values({
      name: 'Intruder Industries',
      slug: 'intruder-industries',
      apps: JSON.stringify([
        'roleManager',
        'dashboards',
        'entityManager',
        'iotManager',
        'alerts',
        'reportWizard',
        'digitalTwin',
        'streamLogic',
        'widgetManager',
        'dataCruncher',
        'dataInsights',
        'pdm',
        'tenantManager',
      ]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const intruder = await db
    .insertInto('users')
    .values({
      email: 'intruder@industries.io',
      name: 'Intruder',
      password_hash: await hashPassword('Intrude#2026'),
      settings: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // An organization admin: every permission inside their own organization, none outside it.
  await db
    .insertInto('memberships')
    .values({ org_id: intruderOrg.id, user_id: intruder.id, role: 'admin' })
    .execute();
  intruderToken = (await signInToOrg(platform.app, 'intruder@industries.io', 'Intrude#2026')).access_token;
  // Telemetry of the victim's, so the footprint would show a route that touched it.
  const sensorId = randomUUID();
  await new TelemetryWriter(db).write([
    { orgId: victimOrgId, sensorId, paramKey: 'temperature', ts: new Date(), value: 21 },
    { orgId: victimOrgId, sensorId, paramKey: 'temperature', ts: new Date(Date.now() - 60_000), value: 20 },
  ]);
  await seedVictimGateway(db, victimOrgId);
  await seedVictimDashboard(db, victimOrgId);
});
afterAll(() => platform.close());

/** Row counts of every table that holds the victim organization's data. */
async function victimFootprint(): Promise<Record<string, number>> {
  const tables = [
    'memberships',
    'roles',
    'user_groups',
    'user_group_members',
    'invitations',
    'projects',
    'project_members',
    'activity',
    'entity_types',
    'entities',
    'telemetry',
    'telemetry_1m',
    'telemetry_1h',
    'telemetry_6h',
    'gateways',
    'gateway_mappings',
    'gateway_logs',
    'gateway_commands',
    'firmware',
    'firmware_rollouts',
    'dashboards',
    'dashboard_panels',
    'dashboard_subpanels',
    'dashboard_widgets',
    'dashboard_command_widgets',
    'dashboard_exports',
    'dashboard_shares',
    'dashboard_opens',
    'dashboard_share_failures',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await platform.deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', victimOrgId)
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const org = await platform.deps.db
    .selectFrom('orgs')
    .selectAll()
    .where('id', '=', victimOrgId)
    .executeTakeFirstOrThrow();
  counts[`org:${JSON.stringify(org)}`] = 1;
  return counts;
}

describe('cross-tenant isolation', () => {
  it('refuses every governed route of the API to a member of another organization', async () => {
    const doc = (await platform.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const before = await victimFootprint();
    const victimProjects = await platform.deps.db
      .selectFrom('projects')
      .select('id')
      .where('org_id', '=', victimOrgId)
      .execute();
    expect(victimProjects.length).toBeGreaterThan(0);
    const victimIds = [victimOrgId, ...victimProjects.map((p) => p.id)];
    const walked: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const declared = platform.app.routeAccess.get(
          `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        );
        expect(
          declared,
          `${method} ${path} is in the document but not in the access catalogue`,
        ).toBeDefined();
        // Public routes need no token, and 'self' routes act only on the caller's own account.
        if (!declared || declared.access === 'public' || declared.permission === 'self') continue;
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
          name === 'orgId' || name === 'id' ? victimOrgId : randomUUID(),
        );
        const response = await platform.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: bearer(intruderToken),
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
        });
        walked.push(`${method.toUpperCase()} ${path}`);
        if (!path.includes('{')) {
          expect(response.statusCode, `${method.toUpperCase()} ${url}: ${response.body}`).toBeLessThan(500);
          const leaked = victimIds.filter((id) => response.body.includes(id));
          expect(leaked, `${method.toUpperCase()} ${url} answered the victim's ${leaked.join(', ')}`).toEqual(
            [],
          );
          continue;
        }
        expect(
          [403, 404],
          `${method.toUpperCase()} ${url} answered ${response.statusCode}: ${response.body}`,
        ).toContain(response.statusCode);
      }
    }
    expect(walked.length).toBeGreaterThan(0);
    expect(await victimFootprint()).toEqual(before);
  });

  it('catalogues every API route in the OpenAPI document', async () => {
    const doc = (await platform.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, object>;
    };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const undocumented = [...platform.app.routeAccess.keys()].filter(
      (key) => !key.startsWith('HEAD ') && !documented.has(key),
    );
    expect(undocumented).toEqual([]);
  });
});
