/**
 * Two server processes started at the same moment on one empty PostgreSQL database with the demo (the
 * PostgreSQL pass only): both become ready, the demo is made once, and its simulated plant runs on one
 * node; when that node is killed, the other takes the plant over.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ORG } from '../seed/demo';
import { type ServerNode, startServerNode } from '../testing/serverNode';
import { createServerDatabase } from '../testing/testDatabase';

const SECRET = randomBytes(32).toString('hex');
const PLANT_RUNNING = 'Simulated demo plant running';

let database: Awaited<ReturnType<typeof createServerDatabase>>;
let sql: pg.Client;
const nodes: ServerNode[] = [];

/** Starts a node that seeds the demo and runs its plant; resolves once it is ready. */
async function startNode(name: string): Promise<ServerNode> {
  const node = await startServerNode({
    name,
    databaseUrl: database.url,
    secret: SECRET,
    seed: true,
    // The whole output: the tests look for lines written since the start.
    keepOutput: Number.POSITIVE_INFINITY,
    env: { DEMO_PLANT: '1' },
  });
  nodes.push(node);
  return node;
}

/** Resolves once `node` has written `text` (its own pace, no fixed wait), or fails after `ms`. */
function logged(node: ServerNode, text: string, ms: number): Promise<void> {
  return new Promise((done, fail) => {
    const look = () => {
      if (!node.output().includes(text)) return;
      clearTimeout(timer);
      node.child.stdout?.off('data', look);
      done();
    };
    const timer = setTimeout(() => fail(new Error(`${node.name} did not log "${text}" within ${ms} ms`)), ms);
    node.child.stdout?.on('data', look);
    look();
  });
}

beforeAll(async () => {
  database = await createServerDatabase(process.env.TEST_DATABASE_URL as string);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});

afterAll(async () => {
  for (const node of nodes) await node.stop('SIGTERM');
  await sql?.end();
  await database?.drop();
});

describe('two nodes starting together on an empty database', () => {
  it('both become ready and the demo is made once', async () => {
    const urls = (await Promise.all([startNode('node-a'), startNode('node-b')])).map((node) => node.url);
    for (const url of urls) expect((await fetch(`${url}/api/ready`)).status).toBe(200);

    const orgs = await sql.query('select id from orgs where slug = $1', [DEMO_ORG.slug]);
    expect(orgs.rows).toHaveLength(1);
    const admins = await sql.query('select id from users where email = $1', [DEMO_ADMIN.email]);
    expect(admins.rows).toHaveLength(1);
    const seeds = await sql.query<{ seeder: string; completed: boolean }>(
      'select seeder, completed_at is not null as completed from demo_seeds',
    );
    expect(seeds.rows.length).toBeGreaterThan(0);
    expect(seeds.rows.every((row) => row.completed)).toBe(true);
    // One banner for the newcomer, from the node that made the demo.
    const banners = nodes.filter((node) => node.output().includes('Sign in as')).length;
    expect(banners).toBe(1);
  }, 180_000);

  it('runs the demo plant on one node, and on the other once that one is killed', async () => {
    const runningOn = async () => {
      await Promise.race(nodes.map((node) => logged(node, PLANT_RUNNING, 60_000)));
      return nodes.filter((node) => node.output().includes(PLANT_RUNNING));
    };
    const first = await runningOn();
    expect(first).toHaveLength(1);
    const holder = first[0] as ServerNode;
    const other = nodes.find((node) => node !== holder) as ServerNode;
    expect(other.output()).not.toContain(PLANT_RUNNING);

    holder.child.kill('SIGKILL');
    await holder.exited;
    const killedAt = Date.now();
    await logged(other, PLANT_RUNNING, 60_000);
    // The lease is retried every 5 s; the takeover then signs in and reissues nine gateway tokens.
    console.log(`demo plant taken over ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
  }, 150_000);
});
