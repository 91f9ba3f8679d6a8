/**
 * bench:hierarchy: GET /projects/{id}/hierarchy on a 10,000-entity project (100 assets × 10 sub-assets
 * × ~9 sensors, built through the import API) through the real HTTP app, next to a plain
 * `select * from entities where project_id = …` of the same rows in the same run. Runs on PGlite and,
 * when TEST_DATABASE_URL or 127.0.0.1:5432 answers, on PostgreSQL (in a throwaway database).
 *
 *   npm run bench:hierarchy            RUNS=25 npm run bench:hierarchy
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app/httpApp';
import { createDeps } from '../packages/server/src/app/runtime';
import { loadConfig } from '../packages/server/src/config';
import { type DatabaseHandle, openDatabase } from '../packages/server/src/platform/db/database';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { createLogger } from '../packages/server/src/platform/http/logging';
import { JobQueue } from '../packages/server/src/platform/jobs/jobQueue';
import { seedDemoIfEmpty } from '../packages/server/src/seed/demo';
import { bearer, signInToOrg } from '../packages/server/src/testing/session';

const RUNS = Number(process.env.RUNS ?? 15);
const WARMUP = 3;
const ASSETS = 100;
const SUB_ASSETS = 10;
const ENTITIES = 10_000;

interface Stats {
  median: number;
  p95: number;
  min: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
  return { median: at(0.5), p95: at(0.95), min: sorted[0] as number };
}

async function time(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** 100 top assets, 10 sub-assets each, then sensors spread over the sub-assets up to 10,000 rows. */
function rows(): object[] {
  const out: object[] = [];
  const sensorsTotal = ENTITIES - ASSETS - ASSETS * SUB_ASSETS;
  const subCount = ASSETS * SUB_ASSETS;
  let sub = 0;
  for (let a = 0; a < ASSETS; a++) {
    out.push({
      ref: `a${a}`,
      kind: 'asset',
      name: `Line ${a}`,
      type: 'Line',
      latitude: 48 + a / 1000,
      longitude: 11.5,
    });
    for (let s = 0; s < SUB_ASSETS; s++, sub++) {
      out.push({
        ref: `a${a}.${s}`,
        kind: 'asset',
        name: `Machine ${s}`,
        type: 'Machine',
        parent_ref: `a${a}`,
        metadata: { power: String(s) },
      });
      const sensors = Math.floor(sensorsTotal / subCount) + (sub < sensorsTotal % subCount ? 1 : 0);
      for (let t = 0; t < sensors; t++) {
        out.push({
          ref: `a${a}.${s}.${t}`,
          kind: 'sensor',
          name: `Sensor ${t}`,
          type: 'Probe',
          parent_ref: `a${a}.${s}`,
        });
      }
    }
  }
  return out;
}

async function postgresServer(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

async function openEngine(engine: 'pglite' | 'postgres', serverUrl: string | null) {
  if (engine === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = `ferrite_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl as string });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl as string);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl as string });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  } satisfies DatabaseHandle;
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

async function bench(engine: 'pglite' | 'postgres', serverUrl: string | null): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ferrite-bench-'));
  const database = await openEngine(engine, serverUrl);
  let jobs: JobQueue | null = null;
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'none'),
    });
    await seedDemoIfEmpty(database.db);
    const log = createLogger('silent');
    jobs = await JobQueue.start(database.db, log);
    const app = await buildApp(await createDeps(config, database, log, jobs));
    await app.ready();
    const session = await signInToOrg(app);
    const headers = bearer(session.access_token);
    const api = `/api/entity_mgmt/orgs/${session.org_id}`;
    const { id: projectId } = await database.db
      .insertInto('projects')
      .values({ org_id: session.org_id, name: 'Bench plant' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [kind, body] of [
      ['asset', { name: 'Line' }],
      ['asset', { name: 'Machine', metadata_fields: [{ key: 'power', data_type: 'number', unit: 'kW' }] }],
      ['sensor', { name: 'Probe', parameters: [{ key: 'temperature', data_type: 'number', unit: 'C' }] }],
    ] as const) {
      await app.inject({ method: 'POST', url: `${api}/${kind}_types`, headers, payload: body });
    }

    const importStart = performance.now();
    const imported = await app.inject({
      method: 'POST',
      url: `${api}/projects/${projectId}/hierarchy/import`,
      headers,
      payload: { format: 'json', rows: rows() },
    });
    const importMs = performance.now() - importStart;
    const report = imported.json() as { created: number; errors: unknown[] };
    if (report.created !== ENTITIES)
      throw new Error(`import answered ${imported.statusCode}: ${imported.body.slice(0, 500)}`);

    const getHierarchy = async () => {
      const response = await app.inject({
        method: 'GET',
        url: `${api}/projects/${projectId}/hierarchy`,
        headers,
      });
      if (response.statusCode !== 200) throw new Error(`hierarchy answered ${response.statusCode}`);
      return response.body.length;
    };
    const plainSelect = () =>
      database.db.selectFrom('entities').selectAll().where('project_id', '=', projectId).execute();

    const bytes = await getHierarchy();
    const plainRows = (await plainSelect()).length;
    await time(WARMUP, getHierarchy);
    await time(WARMUP, plainSelect);
    // Interleave the two so drift (GC, caches) hits both alike.
    const http: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      http.push(...(await time(1, getHierarchy)));
      plain.push(...(await time(1, plainSelect)));
    }
    const h = stats(http);
    const p = stats(plain);
    console.log(`\n== bench:hierarchy on ${engine === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL'} ==`);
    console.log(
      `entities                              ${ENTITIES} (${plainRows} rows selected; import of all of them via HTTP ${importMs.toFixed(0)} ms)`,
    );
    console.log(`runs                                  ${RUNS} (after ${WARMUP} warm-up runs each)`);
    console.log(
      `GET hierarchy via HTTP (app.inject)   median ${ms(h.median)}   p95 ${ms(h.p95)}   min ${ms(h.min)}   (${(bytes / 1024).toFixed(0)} KiB JSON)`,
    );
    console.log(
      `select * from entities (baseline)     median ${ms(p.median)}   p95 ${ms(p.p95)}   min ${ms(p.min)}`,
    );
    console.log(
      `ratio hierarchy / baseline            median ${(h.median / p.median).toFixed(2)}x   p95 ${(h.p95 / p.p95).toFixed(2)}x`,
    );
    await app.close();
  } finally {
    await jobs?.stop();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await bench('pglite', null);
const serverUrl = await postgresServer();
if (serverUrl) await bench('postgres', serverUrl);
else console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL or run a server on 127.0.0.1:5432)');
