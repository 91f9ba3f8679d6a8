/**
 * The deployment of deploy/compose.yaml, made of processes on this machine: a fresh PostgreSQL
 * database, Mosquitto with the dynamic-security plugin, Redis, N Ferrite nodes and HAProxy in front.
 * Files live in PostgreSQL (no BLOB_URL), as in a cluster without object storage.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createServerDatabase } from '../../packages/server/src/testing/testDatabase';
import { FerriteNode } from './node';
import {
  type Broker,
  freePort,
  REPO_ROOT,
  type Service,
  startBalancer,
  startBroker,
  startRedis,
} from './services';

export interface ClusterOptions {
  nodes: number;
  /** Put a balancer in front (the cluster test does; bench:cluster talks to the broker only). */
  balancer?: boolean;
  /** Every node starts with SEED_DEMO=1, as a compose file would: the demo must be seeded once. */
  seedDemo?: boolean;
  /** More environment for every node. */
  env?: Record<string, string>;
}

export interface Cluster {
  nodes: FerriteNode[];
  /** The balancer's address (the first node's without one). */
  url: string;
  broker: Broker;
  redisUrl: string;
  databaseUrl: string;
  /** A client on the cluster's database, for counting what was stored. */
  sql: pg.Client;
  close(): Promise<void>;
}

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Starts the services, then the nodes one after another (all at once with `together`). */
export async function startCluster(options: ClusterOptions & { together?: boolean }): Promise<Cluster> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => {});
  };
  try {
    const database = await createServerDatabase(SERVER_URL);
    closers.push(database.drop);
    const broker = await startBroker();
    closers.push(broker.stop);
    const redis = await startRedis();
    closers.push(redis.stop);
    const dataRoot = await mkdtemp(join(tmpdir(), 'ferrite-cluster-'));
    closers.push(() => rm(dataRoot, { recursive: true, force: true }));
    const ports = await Promise.all(Array.from({ length: options.nodes }, () => freePort()));
    let balancer: (Service & { url: string }) | null = null;
    if (options.balancer) {
      balancer = await startBalancer(ports);
      closers.push(balancer.stop);
    }
    const url = balancer?.url ?? `http://127.0.0.1:${ports[0]}`;
    const shared = {
      DATABASE_URL: database.url,
      MQTT_URL: `mqtt://${broker.ingest.username}:${broker.ingest.password}@127.0.0.1:${broker.port}`,
      MQTT_DYNSEC_USERNAME: broker.admin.username,
      MQTT_DYNSEC_PASSWORD: broker.admin.password,
      REDIS_URL: redis.url,
      SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: url,
      TRUST_PROXY: '127.0.0.1',
      SEED_DEMO: options.seedDemo ? '1' : '0',
      DEMO_PLANT: '0',
      COAP_PORT: '0',
      MQTT_PORT: '0',
      WEB_DIST_DIR: process.env.FERRITE_WEB_DIST ?? join(REPO_ROOT, 'packages', 'web', 'dist'),
      // As deploy/compose.yaml: the balancer's check interval × failures, and a little more.
      DRAIN_NOTICE_MS: '2500',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      ...options.env,
    };
    const nodes = ports.map(
      (port, index) =>
        new FerriteNode(`node${index + 1}`, port, {
          ...shared,
          DATA_DIR: join(dataRoot, `node${index + 1}`),
        }),
    );
    closers.push(async () => {
      await Promise.all(nodes.map((node) => node.stop()));
    });
    if (options.together) await Promise.all(nodes.map((node) => node.start()));
    else for (const node of nodes) await node.start();
    // HAProxy counts a node in after two good checks a second apart: wait until it routes.
    if (balancer) await waitUntilRouted(balancer.url);
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    closers.push(() => sql.end());
    return {
      nodes,
      url,
      broker,
      redisUrl: redis.url,
      databaseUrl: database.url,
      sql,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function waitUntilRouted(url: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (
    (await fetch(`${url}/api/ready`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline) throw new Error(`the balancer at ${url} routes to no node after 20 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
