/**
 * Two real Ferrite server processes on one PostgreSQL database (the PostgreSQL pass only), both
 * ingesting the same sensor past an alert rule's threshold at the same time: each node evaluates the
 * readings it stored, and still exactly one alert exists, fired once.
 */
import { randomBytes } from 'node:crypto';
import { signIn } from '@ferrite/simulator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../seed/demo';
import { ingestThrough, type SignedInNode, startSignedInNode, until } from '../testing/signedInNodes';
import { createServerDatabase } from '../testing/testDatabase';

const SERVER_URL = process.env.TEST_DATABASE_URL as string;
const SECRET = randomBytes(32).toString('hex');

type Node = SignedInNode;

let database: Awaited<ReturnType<typeof createServerDatabase>>;
let sql: pg.Client;
let nodes: Node[] = [];
let gateway: { id: string; token: string };
let ruleId: string;

function startNode(name: string, seed = false): Promise<Node> {
  return startSignedInNode({ name, databaseUrl: database.url, secret: SECRET, seed });
}

/** One reading through a node's HTTPS ingest (stamped on arrival). */
function ingest(node: Node, temp: number): Promise<void> {
  return ingestThrough(node, gateway, { temp });
}

beforeAll(async () => {
  database = await createServerDatabase(SERVER_URL);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  const first = await startNode('alerts-a', true);
  nodes = [first, await startNode('alerts-b')];
  const { orgId } = await signIn(first.server.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const api = first.api;
  const { projects } = await api.get<{ projects: { id: string }[] }>(
    `/entity_mgmt/orgs/${orgId}/projects?page_size=1`,
  );
  const projectId = projects[0]?.id as string;
  const type = await api.post<{ id: string }>(`/entity_mgmt/orgs/${orgId}/sensor_types`, {
    name: 'Two-node boiler',
    parameters: [{ key: 'temperature', data_type: 'number', unit: 'C' }],
  });
  const sensor = await api.post<{ id: string }>(`/entity_mgmt/orgs/${orgId}/projects/${projectId}/sensors`, {
    name: 'Boiler 1',
    type_id: type.id,
  });
  const created = await api.post<{ gateway: { id: string }; access_token: string }>(
    `/iot_mgmt/orgs/${orgId}/projects/${projectId}/gateways`,
    { name: 'Two-node boiler gateway', type: 'HTTPS', protocol: 'HTTP', heartbeat_timeout_s: 60 },
  );
  gateway = { id: created.gateway.id, token: created.access_token };
  await sql.query(
    `insert into gateway_mappings (org_id, gateway_id, json_path, sensor_id, param_key) values ($1, $2, 'temp', $3, 'temperature')`,
    [orgId, gateway.id, sensor.id],
  );
  const data = {
    scope: { kind: 'sensor', sensor_id: sensor.id },
    condition: { op: 'gt', param: 'temperature', value: 80 },
    for_s: 0,
    clear: { kind: 'inverse' },
    schedule: null,
  };
  const rule = await sql.query<{ id: string }>(
    `insert into alert_rules (org_id, rule_name, severity, message, scope_kind, scope_id, data, policy, grouping, media, recipients)
     values ($1, 'Boiler too hot', 'critical', '{{sensor}} {{value}}', 'sensor', $2, $3, $4, 'sensor', '["in_app"]', $5)
     returning id`,
    [
      orgId,
      sensor.id,
      JSON.stringify(data),
      JSON.stringify({
        name: 'Default',
        group_wait_s: 0,
        group_interval_s: 300,
        repeat_interval_s: 3600,
        escalation: [],
      }),
      JSON.stringify({ user_ids: [], group_ids: [], addresses: [] }),
    ],
  );
  ruleId = rule.rows[0]?.id as string;
}, 120_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => node.server.stop('SIGTERM')));
  await sql?.end();
  await database?.drop();
});

describe('an alert rule on two server processes', () => {
  it('fires once when both nodes ingest the same sensor past the threshold at once', async () => {
    for (let round = 0; round < 5; round++)
      await Promise.all(nodes.map((node, i) => ingest(node, 85 + round + i / 10)));
    const alerts = async () =>
      (
        await sql.query<{ id: string; status: string }>('select id, status from alerts where rule_id = $1', [
          ruleId,
        ])
      ).rows;
    expect(await until(alerts, (rows) => rows.length > 0, 15_000)).toHaveLength(1);
    // Both nodes have evaluated everything they stored by now; still one alert, fired once.
    await new Promise((r) => setTimeout(r, 2_000));
    const rows = await alerts();
    expect(rows.map((row) => row.status)).toEqual(['active']);
    const fired = await sql.query(`select 1 from alert_events where alert_id = $1 and kind = 'fired'`, [
      rows[0]?.id,
    ]);
    expect(fired.rowCount).toBe(1);
    const states = await sql.query<{ state: string }>(
      'select state from alert_rule_states where rule_id = $1',
      [ruleId],
    );
    expect(states.rows.map((row) => row.state)).toEqual(['firing']);
  }, 60_000);
});
