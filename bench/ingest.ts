/**
 * bench:ingest: end-to-end data points per second, MQTT QoS 1 publish → stored and queryable, through
 * the real server (runtime.ts with the embedded Aedes broker; gateways, sensors and mappings created
 * through the HTTP API), next to the raw COPY rate of the same database measured in the same run: in
 * ROUNDS rounds of raw COPY then ingest after an unmeasured warm-up, each figure the rounds' median.
 * While the devices publish, an API user GETs the gateway list and a sensor's latest values over HTTP
 * (their p99 is printed) and the event-loop delay is sampled. Then devices post to the HTTP ingest
 * endpoint for a while. PGlite runs on disk in a temp directory; PostgreSQL in a throwaway database
 * (TEST_DATABASE_URL or 127.0.0.1:5432; skipped when it does not answer). See bench/README.md.
 *
 *   npm run bench:ingest          POINTS=1000000 CLIENTS=4 ENGINES=postgres npm run bench:ingest
 *   CPU_PROFILE=/tmp/prof npm run bench:ingest     (.cpuprofile files of the main thread while ingesting)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { cpuMark, cpuSince } from './cpuAccounting';
import { startFleetPublisher } from './fleetRounds';
import {
  type CopyBaseline,
  createRawCopyTable,
  dropRawCopyTable,
  type LoadPlan,
  measureRawCopy,
  type RawCopyTable,
} from './ingestBaseline';
import { fmt, type HttpRun, type MqttRun, type Round, report } from './ingestReport';
import { COPY_STREAMS, ENGINES, SETTINGS } from './ingestSettings';
import {
  type BenchFleet,
  type BenchServer,
  type Engine,
  postgresServer,
  provisionBenchFleet,
  startBenchServer,
} from './ingestSetup';
import { type LoadThread, rollupCount, startLoad } from './loadThreads';
import { profiled } from './profiling';

const now = () => performance.timeOrigin + performance.now();

/**
 * The publisher (the fleet's MQTT clients) and the API user, started once and kept for the whole run
 * (warm-up included), as a fleet stays connected: a thread started for each round would compile its
 * code inside that round's window, on the cores the server needs.
 */
interface FleetLoad {
  publisher: LoadThread;
  probe: LoadThread;
}

async function startFleetLoad(server: BenchServer, fleet: BenchFleet): Promise<FleetLoad> {
  const publisher = await startFleetPublisher(server, fleet, SETTINGS.inflight);
  try {
    return { publisher, probe: await startProbe(server, fleet) };
  } catch (error) {
    await publisher.worker.terminate();
    throw error;
  }
}

async function stopFleetLoad(load: FleetLoad): Promise<void> {
  try {
    await load.publisher.request({ type: 'close' }, 'closed');
  } finally {
    await Promise.all([load.publisher.worker.terminate(), load.probe.worker.terminate()]);
  }
}

/**
 * The load of round `round` (from 0; -1 is the warm-up, with `points` points): which times its
 * readings carry. Rounds follow one another in time, a full round's span apart, minute-aligned, the
 * last ending a minute before now, so no round repeats another's points.
 */
function loadPlan(fleet: BenchFleet, round: number, points = SETTINGS.points): LoadPlan {
  const perWave = SETTINGS.clients * SETTINGS.readings * SETTINGS.sensors * SETTINGS.params;
  const messagesOf = (count: number) => Math.max(1, Math.ceil(count / perWave));
  const span = messagesOf(SETTINGS.points) * SETTINGS.readings * SETTINGS.intervalMs;
  const spanWithGap = Math.ceil((span + 60_000) / 60_000) * 60_000;
  const lastT0 = Math.floor((Date.now() - span - 60_000) / 60_000) * 60_000;
  return {
    orgId: fleet.orgId,
    sensorIds: fleet.gateways.map((gateway) => gateway.sensorIds),
    params: fleet.params,
    messages: messagesOf(points),
    readings: SETTINGS.readings,
    intervalMs: SETTINGS.intervalMs,
    t0: lastT0 - (SETTINGS.rounds - 1 - round) * spanWithGap,
  };
}

async function rawCount(server: BenchServer, sensorIds: string[]): Promise<number> {
  const result = await sql<{ n: string }>`
    select count(*)::text as n from telemetry where sensor_id = any(${sensorIds}::uuid[])`.execute(
    server.platform.deps.db,
  );
  return Number(result.rows[0]?.n);
}

/** The API user: GETs of the gateway list and a sensor's latest values, one every 20 ms, from 'start' to 'stop'. */
function startProbe(server: BenchServer, fleet: BenchFleet): Promise<LoadThread> {
  return startLoad(
    {
      role: 'probe',
      url: server.url,
      token: fleet.accessToken,
      pauseMs: 20,
      paths: [
        `/api/iot_mgmt/orgs/${fleet.orgId}/projects/${fleet.projectId}/gateways`,
        `/api/telemetry/orgs/${fleet.orgId}/sensors/${fleet.gateways[0]?.sensorIds[0]}/latest`,
      ],
    },
    'connected',
  );
}

/** The API user's latencies with no ingest running: what the machine gives when the server is idle. */
async function probeIdle(load: FleetLoad, ms: number): Promise<number[]> {
  await load.probe.request({ type: 'start' }, 'ready');
  await new Promise((resolve) => setTimeout(resolve, ms));
  const probed = await load.probe.request({ type: 'stop' }, 'done');
  return probed.latencies as number[];
}

/** Publishes the plan over MQTT while probing the API; ends when every PUBACK is in and a count sees all. */
async function runMqtt(server: BenchServer, load: FleetLoad, plan: LoadPlan): Promise<MqttRun> {
  const sensorIds = plan.sensorIds.flat();
  const expected = plan.messages * plan.readings * sensorIds.length * plan.params.length;
  // Earlier rounds' points are there already.
  const before = { rollups: await rollupCount(server, sensorIds), raw: await rawCount(server, sensorIds) };
  const { params, messages, readings, intervalMs, t0 } = plan;
  const prepared = await load.publisher.request(
    { type: 'plan', params, messages, readings, intervalMs, t0 },
    'ready',
  );
  await load.probe.request({ type: 'start' }, 'ready');
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu = cpuMark();
  const started = now();
  const done = await load.publisher.request({ type: 'go' }, 'done');
  const ackedAt = done.ackedAt as number;
  const seen = (await rollupCount(server, sensorIds)) - before.rollups;
  const visibleAt = now();
  const cpuUsed = cpuSince(cpu);
  loop.disable();
  const probed = await load.probe.request({ type: 'stop' }, 'done');
  if (seen !== expected) throw new Error(`the rollups count ${seen} of ${expected} acknowledged points`);
  const ns = (q: number) => loop.percentile(q) / 1e6;
  return {
    points: expected,
    payloadBytes: Number(prepared.bytes),
    ackMs: ackedAt - started,
    visibleMs: visibleAt - started,
    pubackMs: done.pubackMs as number[],
    apiMs: probed.latencies as number[],
    loopDelayMs: { p50: ns(50), p99: ns(99), max: loop.max / 1e6 },
    stored: (await rawCount(server, sensorIds)) - before.raw,
    cpu: cpuUsed,
    loadCpuS: sumOrNull(done.cpuS, probed.cpuS),
  };
}

function sumOrNull(...values: unknown[]): number | null {
  return values.every((value) => typeof value === 'number')
    ? (values as number[]).reduce((sum, value) => sum + value, 0)
    : null;
}

/** Devices posting single readings over keep-alive HTTP for HTTP_SECONDS. */
async function runHttp(server: BenchServer, fleet: BenchFleet, plan: LoadPlan): Promise<HttpRun> {
  const load = await startLoad(
    {
      role: 'http',
      url: server.url,
      gateways: fleet.gateways.map((g) => ({ uuid: g.uuid, token: g.token, sensors: g.sensorFields })),
      params: plan.params,
      concurrency: SETTINGS.httpConcurrency,
      seconds: SETTINGS.httpSeconds,
      // After the MQTT readings, 10 ms apart: a day ahead holds millions of readings per gateway.
      t0: plan.t0 + plan.messages * plan.readings * plan.intervalMs + 60_000,
      intervalMs: 10,
    },
    'ready',
  );
  const done = (await load.request('go', 'done')) as unknown as HttpRun;
  await load.worker.terminate();
  return done;
}

/** Each round: raw COPY into every baseline table, then the MQTT ingest, each after a checkpoint. */
async function measureRounds(
  engine: Engine,
  server: BenchServer,
  load: FleetLoad,
  plans: LoadPlan[],
  tables: RawCopyTable[],
): Promise<Round[]> {
  const db = server.platform.deps.db;
  const rounds: Round[] = [];
  for (const [round, plan] of plans.entries()) {
    const of = `round ${round + 1} of ${SETTINGS.rounds}`;
    console.error(`[${engine}] ${of}: raw COPY baseline…`);
    const copies: CopyBaseline[] = [];
    for (const table of tables) {
      // Every measurement starts from clean buffers, not paying for the writes of the one before.
      await sql`checkpoint`.execute(db);
      copies.push(await measureRawCopy(db, table, plan));
    }
    await sql`checkpoint`.execute(db);
    console.error(`[${engine}] ${of}: MQTT ingest of ${fmt(SETTINGS.points)} points…`);
    const mqtt = await profiled(`ingest-${engine}-mqtt-${round + 1}`, () => runMqtt(server, load, plan));
    rounds.push({ copies, mqtt });
  }
  return rounds;
}

/** The idle probe, the warm-up, the rounds and the HTTP ingest, then the report. */
async function measure(
  engine: Engine,
  server: BenchServer,
  fleet: BenchFleet,
  load: FleetLoad,
): Promise<void> {
  const idleApiMs = await probeIdle(load, 5_000);
  const plans = Array.from({ length: SETTINGS.rounds }, (_, round) => loadPlan(fleet, round));
  const warmUp = SETTINGS.warmupPoints > 0 ? loadPlan(fleet, -1, SETTINGS.warmupPoints) : null;
  const db = server.platform.deps.db;
  if (warmUp) {
    // Not measured: the server's ingest path is compiled by V8 during its first messages, as on a
    // server that has been running; bench:query warms up the same way.
    console.error(`[${engine}] warm-up: MQTT ingest of ${fmt(SETTINGS.warmupPoints)} points…`);
    await runMqtt(server, load, warmUp);
  }
  const tables: RawCopyTable[] = [];
  try {
    for (const streams of COPY_STREAMS[engine])
      tables.push(await createRawCopyTable(db, streams, plans, warmUp));
    const rounds = await measureRounds(engine, server, load, plans, tables);
    const plan = plans.at(-1) as LoadPlan;
    let http: HttpRun | null = null;
    if (SETTINGS.httpSeconds > 0) {
      console.error(`[${engine}] HTTP ingest for ${SETTINGS.httpSeconds} s…`);
      http = await profiled(`ingest-${engine}-http`, () => runHttp(server, fleet, plan));
    }
    report(engine, plan, rounds, idleApiMs, http);
  } finally {
    for (const table of tables) await dropRawCopyTable(db, table);
  }
}

async function bench(engine: Engine, serverUrl: string | null): Promise<void> {
  const server = await startBenchServer(engine, serverUrl);
  try {
    const provisionStarted = now();
    const fleet = await provisionBenchFleet(server.url, { ...SETTINGS, gateways: SETTINGS.clients });
    console.error(
      `[${engine}] ${SETTINGS.clients} gateways, ${SETTINGS.clients * SETTINGS.sensors} sensors, ${SETTINGS.clients * SETTINGS.sensors * SETTINGS.params} mappings created through the API in ${fmt((now() - provisionStarted) / 1000, 1)} s`,
    );
    const load = await startFleetLoad(server, fleet);
    try {
      await measure(engine, server, fleet, load);
    } finally {
      await stopFleetLoad(load);
    }
  } finally {
    await server.close();
  }
}

for (const engine of ENGINES) {
  if (engine === 'pglite') {
    await bench('pglite', null);
  } else if (engine === 'postgres') {
    const serverUrl = await postgresServer();
    if (serverUrl) await bench('postgres', serverUrl);
    else console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL or run a server on 127.0.0.1:5432)');
  } else {
    throw new Error(`ENGINES lists pglite and/or postgres, not "${engine}"`);
  }
}
