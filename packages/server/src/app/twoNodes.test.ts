/**
 * Two real Ferrite server processes on one PostgreSQL database (the PostgreSQL pass only: PGlite is one
 * process's database), seen the way a user sees them, through either node's API: a gateway that stops
 * heartbeating is announced offline once per silence although both nodes tick every 5 s, the status
 * job has one run per period, and a command's expiry queued by a node that is then killed is carried
 * out by the other node at its time.
 */
import { randomBytes } from 'node:crypto';
import { type FerriteApi, signIn } from '@ferrite/simulator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../seed/demo';
import { type ServerNode, startServerNode } from '../testing/serverNode';
import { createServerDatabase } from '../testing/testDatabase';

const SERVER_URL = process.env.TEST_DATABASE_URL as string;
const SECRET = randomBytes(32).toString('hex');
const OFFLINE = 'Offline: nothing heard since';
const STATUS_JOB = 'iotManager.gatewayStatus';

/** A node of the two: its server process (started again after a kill) and the demo admin's API on it. */
interface Node {
  name: string;
  server: ServerNode | null;
  url: string;
  /** Signed in as the demo admin. */
  api: FerriteApi;
}

let database: Awaited<ReturnType<typeof createServerDatabase>>;
let sql: pg.Client;
let nodeA: Node;
let nodeB: Node;
let orgId: string;
let gateway: { id: string; token: string };
const started = Date.now();
/** When each step happened, seconds since the file started: printed at the end. */
const timeline: string[] = [];
const mark = (what: string) => timeline.push(`${((Date.now() - started) / 1000).toFixed(1)} s  ${what}`);

/** Starts a node's process (again, after a kill) and signs in through it. */
async function startNode(node: Node, seed = false): Promise<void> {
  node.server = await startServerNode({ name: node.name, databaseUrl: database.url, secret: SECRET, seed });
  node.url = node.server.url;
  node.api = (await signIn(node.url, DEMO_ADMIN.email, DEMO_ADMIN.password)).api;
}

function newNode(name: string): Node {
  return { name, server: null, url: '', api: null as unknown as FerriteApi };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The gateway's offline lines as a node's API shows them, oldest first. */
async function offlineLines(node: Node): Promise<string[]> {
  const { logs } = await node.api.get<{ logs: { message: string }[] }>(
    `/iot_mgmt/orgs/${orgId}/gateways/${gateway.id}/logs?limit=500`,
  );
  return logs
    .map((line) => line.message)
    .filter((message) => message.startsWith(OFFLINE))
    .reverse();
}

async function heartbeat(node: Node): Promise<void> {
  const response = await fetch(`${node.url}/api/ingest/${gateway.id}/heartbeat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gateway.token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(204);
}

/** The status job's rows: one per period it was sent in, with who ran it. */
async function statusJobs(): Promise<{ slot: number; state: string; node: string | null }[]> {
  const { rows } = await sql.query<{ slot: number; state: string; node: string | null }>(
    `select extract(epoch from singleton_on)::int as slot, state, output->>'node' as node
     from pgboss.job where name = $1 order by singleton_on`,
    [STATUS_JOB],
  );
  return rows;
}

beforeAll(async () => {
  database = await createServerDatabase(SERVER_URL);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  nodeA = newNode('node-a');
  nodeB = newNode('node-b');
  // A seeds the demo (admin, organization, projects); B starts on the same database once it is there.
  await startNode(nodeA, true);
  mark('node A ready (demo seeded)');
  await startNode(nodeB);
  mark('node B ready');
  orgId = (await signIn(nodeA.url, DEMO_ADMIN.email, DEMO_ADMIN.password)).orgId;
  const { projects } = await nodeA.api.get<{ projects: { id: string }[] }>(
    `/entity_mgmt/orgs/${orgId}/projects?page_size=1`,
  );
  const created = await nodeA.api.post<{ gateway: { id: string }; access_token: string }>(
    `/iot_mgmt/orgs/${orgId}/projects/${projects[0]?.id}/gateways`,
    { name: 'Two-node pump', type: 'HTTPS', protocol: 'HTTP', heartbeat_timeout_s: 5 },
  );
  gateway = { id: created.gateway.id, token: created.access_token };
}, 120_000);

afterAll(async () => {
  const nodes = [nodeA, nodeB].filter(Boolean);
  await Promise.all(nodes.map((node) => node.server?.stop('SIGTERM')));
  await sql?.end();
  await database?.drop();
  console.log(`two-node test timeline:\n  ${timeline.join('\n  ')}`);
});

describe('two server processes on one PostgreSQL database', () => {
  it('announces a gateway that stops heartbeating offline once per silence, whichever node heard it', async () => {
    await heartbeat(nodeB);
    mark('heartbeat through node B, then silence (timeout 5 s)');
    const first = await until(
      () => offlineLines(nodeA),
      (lines) => lines.length > 0,
      20_000,
    );
    mark(`node A's API shows ${first.length} offline line`);
    expect(first).toHaveLength(1);
    // Heard again, now through A, and silent again: a second silence, a second line.
    await heartbeat(nodeA);
    mark('heartbeat through node A, then silence');
    const second = await until(
      () => offlineLines(nodeB),
      (lines) => lines.length > 1,
      20_000,
    );
    mark(`node B's API shows ${second.length} offline lines`);
    expect(second).toHaveLength(2);
    expect(second[0]).not.toBe(second[1]);
  }, 60_000);

  it('times out a command at its expiry on the other node after the node that queued it was killed', async () => {
    const command = await nodeA.api.post<{ id: string; status: string; expires_at: string }>(
      `/iot_mgmt/orgs/${orgId}/gateways/${gateway.id}/commands`,
      { name: 'close_valve', value: 1, timeout_s: 5 },
    );
    expect(command.status).toBe('pending');
    await nodeA.server?.stop('SIGKILL');
    mark(`command sent through node A (expires ${command.expires_at}); node A killed (SIGKILL)`);
    const read = async () =>
      (
        await nodeB.api.get<{ commands: { id: string; status: string; completed_at: string | null }[] }>(
          `/iot_mgmt/orgs/${orgId}/gateways/${gateway.id}/commands`,
        )
      ).commands.find((c) => c.id === command.id);
    expect((await read())?.status).toBe('pending');
    const ended = await until(read, (c) => c?.status !== 'pending', 20_000);
    mark(`node B's API shows the command ${ended?.status} at ${ended?.completed_at}`);
    expect(ended?.status).toBe('timed_out');
    const late = Date.parse(ended?.completed_at ?? '') - Date.parse(command.expires_at);
    expect(late).toBeGreaterThanOrEqual(0);
    // The delayed job did it (B polls every 2 s), not the catch-up of the next minute.
    expect(late).toBeLessThan(5_000);
    const { rows } = await sql.query<{ state: string; node: string }>(
      `select state, output->>'node' as node from pgboss.job
       where name = 'iotManager.commandExpiry' and data->>'expiresAt' = $1`,
      [command.expires_at],
    );
    expect(rows).toEqual([{ state: 'completed', node: 'node-b' }]);

    await startNode(nodeA);
    mark('node A restarted');
    const onA = await nodeA.api.get<{ commands: { id: string; status: string }[] }>(
      `/iot_mgmt/orgs/${orgId}/gateways/${gateway.id}/commands`,
    );
    expect(onA.commands.find((c) => c.id === command.id)?.status).toBe('timed_out');
  }, 60_000);

  it('ran the status sweep once per 5 s period across both nodes, and announced each silence once', async () => {
    // Two more periods with both nodes up again.
    const restartedAt = Math.floor(Date.now() / 1000);
    await until(statusJobs, (jobs) => jobs.filter((job) => job.slot > restartedAt + 5).length > 0, 15_000);
    const jobs = await statusJobs();
    const slots = jobs.map((job) => job.slot);
    expect(new Set(slots).size).toBe(slots.length);
    // No period missed since the first one.
    expect(slots.every((slot, i) => i === 0 || slot - (slots[i - 1] ?? 0) === 5)).toBe(true);
    const ran = jobs.filter((job) => job.state === 'completed');
    const ranOn = (node: string) => ran.filter((job) => job.node === node).length;
    const unfinished = jobs.filter((job) => job.state !== 'completed').map((job) => job.state);
    mark(
      `status job: ${jobs.length} periods, ${ran.length} completed (node A ${ranOn('node-a')}, node B ${ranOn('node-b')}), not completed: ${unfinished.join(', ') || 'none'}`,
    );
    // Each completed run was one node's; at most the period A was in when it was killed and the
    // current one are unfinished.
    expect(ranOn('node-a') + ranOn('node-b')).toBe(ran.length);
    expect(unfinished.length).toBeLessThanOrEqual(2);
    const [onA, onB] = await Promise.all([offlineLines(nodeA), offlineLines(nodeB)]);
    mark(
      `offline lines after ${jobs.length} periods: node A's API ${onA.length}, node B's API ${onB.length}`,
    );
    expect(onA).toHaveLength(2);
    expect(onB).toEqual(onA);
  }, 30_000);
});
