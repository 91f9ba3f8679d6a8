/**
 * Two real Ferrite server processes on one PostgreSQL database (the PostgreSQL pass only), both
 * ingesting one sensor that a chain averages over 2-second tumbling windows into a virtual sensor:
 * each node runs the chain on the readings it stored, both add to the same window buckets, and each
 * window's average is written once, equal to the average of every reading of both nodes.
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
const WINDOW_MS = 2_000;

type Node = SignedInNode;

let database: Awaited<ReturnType<typeof createServerDatabase>>;
let sql: pg.Client;
let nodes: Node[] = [];
let gateway: { id: string; token: string };
let source: string;
let target: string;
let pipelineId: string;

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
  const first = await startNode('stream-a', true);
  nodes = [first, await startNode('stream-b')];
  const { orgId } = await signIn(first.server.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const api = first.api;
  const { projects } = await api.get<{ projects: { id: string }[] }>(
    `/entity_mgmt/orgs/${orgId}/projects?page_size=1`,
  );
  const projectId = projects[0]?.id as string;
  const type = await api.post<{ id: string }>(`/entity_mgmt/orgs/${orgId}/sensor_types`, {
    name: 'Two-node furnace',
    parameters: [{ key: 'temperature', data_type: 'number', unit: 'C' }],
  });
  const sensor = (name: string) =>
    api.post<{ id: string }>(`/entity_mgmt/orgs/${orgId}/projects/${projectId}/sensors`, {
      name,
      type_id: type.id,
    });
  source = (await sensor('Furnace 1')).id;
  target = (await sensor('Furnace 1 average')).id;
  const created = await api.post<{ gateway: { id: string }; access_token: string }>(
    `/iot_mgmt/orgs/${orgId}/projects/${projectId}/gateways`,
    { name: 'Two-node furnace gateway', type: 'HTTPS', protocol: 'HTTP', heartbeat_timeout_s: 60 },
  );
  gateway = { id: created.gateway.id, token: created.access_token };
  await sql.query(
    `insert into gateway_mappings (org_id, gateway_id, json_path, sensor_id, param_key) values ($1, $2, 'temp', $3, 'temperature')`,
    [orgId, gateway.id, source],
  );
  const node = (id: string, type: string, config: Record<string, unknown>, x: number) => ({
    id,
    type,
    name: id,
    config,
    position: { x, y: 0 },
  });
  const chain = await api.post<{ id: string }>(`/stream_process/${projectId}/pipelines`, {
    name: 'Two-node average',
    enabled: true,
    actions: [
      node(
        'source',
        'sensor_telemetry',
        { scope: { kind: 'sensors', sensor_ids: [source] }, param_keys: [] },
        0,
      ),
      node(
        'avg',
        'window',
        {
          mode: 'tumbling',
          size_s: WINDOW_MS / 1000,
          aggregate: 'avg',
          group_by: 'sensor',
          out_key: 'temperature_avg',
        },
        200,
      ),
      node('sink', 'virtual_sensor', { sensor_id: target, param_key: 'temperature_avg' }, 400),
    ],
    connections: [
      { id: 'c1', source: 'source', source_output: 'out', target: 'avg', target_input: 'in' },
      { id: 'c2', source: 'avg', source_output: 'out', target: 'sink', target_input: 'in' },
    ],
  });
  pipelineId = chain.id;
  // Both nodes hear of the chain over the cluster bus.
  await new Promise((r) => setTimeout(r, 1_500));
}, 120_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => node.server.stop('SIGTERM')));
  await sql?.end();
  await database?.drop();
});

describe('a window average chain on two server processes', () => {
  it("writes each window's average once, over the readings of both nodes", async () => {
    // Readings in the first part of two windows, so each node has stored and added them before they close.
    const windows: number[] = [];
    for (let w = 0; w < 2; w++) {
      const start = Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS;
      await new Promise((r) => setTimeout(r, start - Date.now() + 50));
      windows.push(start);
      for (let round = 0; round < 4; round++)
        await Promise.all(nodes.map((node, i) => ingest(node, 20 + w * 10 + round + i * 3)));
      expect(Date.now()).toBeLessThan(start + WINDOW_MS - 300);
    }
    const averages = async () =>
      (
        await sql.query<{ ts: Date; value: number }>(
          `select ts, value from telemetry where sensor_id = $1 and param_key = 'temperature_avg' order by ts`,
          [target],
        )
      ).rows.map((row) => ({ ts: row.ts.getTime(), value: Number(row.value) }));
    await until(averages, (rows) => rows.length >= windows.length, 15_000);
    // Both nodes' due loops have gone on past the windows' ends; each window was claimed once.
    await new Promise((r) => setTimeout(r, 3_000));
    const expected = [];
    for (const start of windows) {
      const readings = await sql.query<{ n: string; avg: number }>(
        `select count(*) as n, avg(value) as avg from telemetry
         where sensor_id = $1 and param_key = 'temperature' and ts >= to_timestamp($2 / 1000.0) and ts < to_timestamp($3 / 1000.0)`,
        [source, start, start + WINDOW_MS],
      );
      expect(Number(readings.rows[0]?.n)).toBe(8);
      expected.push({ ts: start + WINDOW_MS, value: expect.closeTo(Number(readings.rows[0]?.avg), 9) });
    }
    expect(await averages()).toEqual(expected);
    const sent = await sql.query<{ count: string }>(
      `select sum(count) as count from pipeline_counters where pipeline_id = $1 and element = 'avg' and kind = 'out'`,
      [pipelineId],
    );
    expect(Number(sent.rows[0]?.count)).toBe(windows.length);
  }, 60_000);
});
