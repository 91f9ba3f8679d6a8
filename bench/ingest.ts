/**
 * bench:ingest: end-to-end data points per second, MQTT QoS 1 publish → stored and queryable, through
 * the real server (runtime.ts with the embedded Aedes broker; gateways, sensors and mappings created
 * through the HTTP API), next to the raw COPY rate of the same database measured in the same run.
 * While the devices publish, an API user GETs the gateway list and a sensor's latest values over HTTP
 * (their p99 is printed) and the event-loop delay is sampled. Then devices post to the HTTP ingest
 * endpoint for a while. PGlite runs on disk in a temp directory; PostgreSQL in a throwaway database
 * (TEST_DATABASE_URL or 127.0.0.1:5432; skipped when it does not answer). See bench/README.md.
 *
 *   npm run bench:ingest          POINTS=1000000 CLIENTS=4 ENGINES=postgres npm run bench:ingest
 *   CPU_PROFILE=/tmp/prof npm run bench:ingest     (.cpuprofile files of the main thread while ingesting)
 */
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { type CpuUsed, cpuMark, cpuSince } from './cpuAccounting';
import { type CopyBaseline, type LoadPlan, measureRawCopy } from './ingestBaseline';
import {
  type BenchFleet,
  type BenchServer,
  type Engine,
  postgresServer,
  provisionBenchFleet,
  startBenchServer,
} from './ingestSetup';
import { profiled } from './profiling';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
};
const SETTINGS = {
  points: env('POINTS', 2_000_000),
  clients: env('CLIENTS', 8),
  sensors: env('SENSORS', 10),
  params: env('PARAMS', 10),
  readings: env('READINGS', 50),
  intervalMs: env('INTERVAL_MS', 1_000),
  inflight: env('INFLIGHT', 2),
  httpSeconds: env('HTTP_SECONDS', 10),
  httpConcurrency: env('HTTP_CONCURRENCY', 32),
};
const ENGINES = (process.env.ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim()) as Engine[];
/** Raw COPY streams measured: PostgreSQL one and as many as the writer's lanes (three); PGlite one. */
const COPY_STREAMS: Record<Engine, number[]> = { postgres: [1, 3], pglite: [1] };
const TARGETS = {
  postgres: { pointsPerS: 150_000, ofCopy: 0.65 },
  pglite: { pointsPerS: 60_000 },
  apiP99Ms: 50,
};

const now = () => performance.timeOrigin + performance.now();
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

function percentile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

type Message = { type: string; [key: string]: unknown };

/** Starts a load thread and waits for its 'ready'; `next(type)` resolves with its next message of that type. */
async function startLoad(workerData: object) {
  const worker = new Worker(new URL('./ingestLoad.mjs', import.meta.url), { workerData, execArgv: [] });
  const waiting = new Map<string, (message: Message) => void>();
  let failure: ((error: Error) => void) | null = null;
  const failed = new Promise<never>((_, reject) => {
    failure = reject;
  });
  failed.catch(() => {});
  worker.on('error', (error) => failure?.(error));
  worker.on('message', (message: Message) => {
    if (message.type === 'failed') failure?.(new Error(String(message.message)));
    waiting.get(message.type)?.(message);
  });
  const next = (type: string) =>
    Promise.race([new Promise<Message>((resolve) => waiting.set(type, resolve)), failed]);
  const ready = await next('ready');
  return { worker, ready, next, post: (message: unknown) => worker.postMessage(message) };
}

/** The load: which times the readings carry (minute-aligned, ending a minute before now). */
function loadPlan(fleet: BenchFleet): LoadPlan {
  const perRound = SETTINGS.clients * SETTINGS.readings * SETTINGS.sensors * SETTINGS.params;
  const messages = Math.max(1, Math.ceil(SETTINGS.points / perRound));
  const span = messages * SETTINGS.readings * SETTINGS.intervalMs;
  return {
    orgId: fleet.orgId,
    sensorIds: fleet.gateways.map((gateway) => gateway.sensorIds),
    params: fleet.params,
    messages,
    readings: SETTINGS.readings,
    intervalMs: SETTINGS.intervalMs,
    t0: Math.floor((Date.now() - span - 60_000) / 60_000) * 60_000,
  };
}

/** Points of the fleet's sensors the hour rollup counts (written in the same transaction as raw points). */
async function rollupCount(server: BenchServer, sensorIds: string[]): Promise<number> {
  const result = await sql<{ n: string }>`
    select coalesce(sum(count), 0)::text as n from telemetry_1h where sensor_id = any(${sensorIds}::uuid[])`.execute(
    server.platform.deps.db,
  );
  return Number(result.rows[0]?.n);
}

async function rawCount(server: BenchServer, sensorIds: string[]): Promise<number> {
  const result = await sql<{ n: string }>`
    select count(*)::text as n from telemetry where sensor_id = any(${sensorIds}::uuid[])`.execute(
    server.platform.deps.db,
  );
  return Number(result.rows[0]?.n);
}

/** The API user: GETs of the gateway list and a sensor's latest values, one every 20 ms, until stopped. */
function startProbe(server: BenchServer, fleet: BenchFleet) {
  return startLoad({
    role: 'probe',
    url: server.url,
    token: fleet.accessToken,
    pauseMs: 20,
    paths: [
      `/api/iot_mgmt/orgs/${fleet.orgId}/projects/${fleet.projectId}/gateways`,
      `/api/telemetry/orgs/${fleet.orgId}/sensors/${fleet.gateways[0]?.sensorIds[0]}/latest`,
    ],
  });
}

/** The API user's latencies with no ingest running: what the machine gives when the server is idle. */
async function probeIdle(server: BenchServer, fleet: BenchFleet, ms: number): Promise<number[]> {
  const probe = await startProbe(server, fleet);
  await new Promise((resolve) => setTimeout(resolve, ms));
  probe.post('stop');
  const probed = await probe.next('done');
  await probe.worker.terminate();
  return probed.latencies as number[];
}

interface MqttRun {
  points: number;
  payloadBytes: number;
  ackMs: number;
  visibleMs: number;
  pubackMs: number[];
  apiMs: number[];
  loopDelayMs: { p50: number; p99: number; max: number };
  stored: number;
  /** From the first publish until the count saw every point. */
  cpu: CpuUsed;
  /** Of cpu.nodeS: the bench's publishing and probing threads; null off Linux. */
  loadCpuS: number | null;
}

/** Publishes the plan over MQTT while probing the API; ends when every PUBACK is in and a count sees all. */
async function runMqtt(server: BenchServer, fleet: BenchFleet, plan: LoadPlan): Promise<MqttRun> {
  const sensorIds = plan.sensorIds.flat();
  const expected = plan.messages * plan.readings * sensorIds.length * plan.params.length;
  const publisher = await startLoad({
    role: 'publish',
    mqttUrl: server.mqttUrl,
    clients: fleet.gateways.map((gateway) => ({
      clientId: gateway.clientId,
      username: gateway.username,
      password: gateway.token,
      topic: gateway.topic,
      sensors: gateway.sensorFields,
    })),
    params: plan.params,
    messages: plan.messages,
    readings: plan.readings,
    intervalMs: plan.intervalMs,
    t0: plan.t0,
    inflight: SETTINGS.inflight,
  });
  const probe = await startProbe(server, fleet);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu = cpuMark();
  const started = now();
  publisher.post('go');
  const done = await publisher.next('done');
  const ackedAt = done.ackedAt as number;
  const seen = await rollupCount(server, sensorIds);
  const visibleAt = now();
  const cpuUsed = cpuSince(cpu);
  loop.disable();
  probe.post('stop');
  const probed = await probe.next('done');
  await Promise.all([publisher.worker.terminate(), probe.worker.terminate()]);
  if (seen !== expected) throw new Error(`the rollups count ${seen} of ${expected} acknowledged points`);
  const ns = (q: number) => loop.percentile(q) / 1e6;
  return {
    points: expected,
    payloadBytes: Number(publisher.ready.bytes),
    ackMs: ackedAt - started,
    visibleMs: visibleAt - started,
    pubackMs: done.pubackMs as number[],
    apiMs: probed.latencies as number[],
    loopDelayMs: { p50: ns(50), p99: ns(99), max: loop.max / 1e6 },
    stored: await rawCount(server, sensorIds),
    cpu: cpuUsed,
    loadCpuS: sumOrNull(done.cpuS, probed.cpuS),
  };
}

function sumOrNull(...values: unknown[]): number | null {
  return values.every((value) => typeof value === 'number')
    ? (values as number[]).reduce((sum, value) => sum + value, 0)
    : null;
}

interface HttpRun {
  ms: number;
  requests: number;
  points: number;
  failures: number;
  lastFailure: string;
  latencies: number[];
}

/** Devices posting single readings over keep-alive HTTP for HTTP_SECONDS. */
async function runHttp(server: BenchServer, fleet: BenchFleet, plan: LoadPlan): Promise<HttpRun> {
  const load = await startLoad({
    role: 'http',
    url: server.url,
    gateways: fleet.gateways.map((g) => ({ uuid: g.uuid, token: g.token, sensors: g.sensorFields })),
    params: plan.params,
    concurrency: SETTINGS.httpConcurrency,
    seconds: SETTINGS.httpSeconds,
    // After the MQTT readings, 10 ms apart: a day ahead holds millions of readings per gateway.
    t0: plan.t0 + plan.messages * plan.readings * plan.intervalMs + 60_000,
    intervalMs: 10,
  });
  load.post('go');
  const done = (await load.next('done')) as unknown as HttpRun;
  await load.worker.terminate();
  return done;
}

function report(
  engine: Engine,
  plan: LoadPlan,
  copies: CopyBaseline[],
  idleApiMs: number[],
  mqtt: MqttRun,
  http: HttpRun | null,
) {
  const rate = mqtt.points / (mqtt.visibleMs / 1000);
  const copyRates = copies.map((copy) => ({ streams: copy.streams, rate: copy.rows / (copy.ms / 1000) }));
  const best = Math.max(...copyRates.map((copy) => copy.rate));
  const ratio = rate / best;
  const api99 = percentile(mqtt.apiMs, 0.99);
  const name = engine === 'pglite' ? 'PGlite (on disk, worker thread)' : 'PostgreSQL';
  const target = TARGETS[engine].pointsPerS;
  const lines = [
    `\n== bench:ingest on ${name} ==`,
    `load              ${SETTINGS.clients} MQTT clients × ${plan.messages} messages × ${plan.readings} readings × ${SETTINGS.sensors} sensors × ${SETTINGS.params} parameters = ${fmt(mqtt.points)} points (QoS 1, ${SETTINGS.inflight} unacknowledged per client, ${fmt(mqtt.payloadBytes / 1e6, 1)} MB of JSON, readings ${SETTINGS.intervalMs} ms apart)`,
    `MQTT → stored     ${fmt(rate).padStart(9)} points/s   ${fmt(mqtt.visibleMs / 1000, 2)} s to the count (last PUBACK at ${fmt(mqtt.ackMs / 1000, 2)} s)   target ≥ ${fmt(target)}: ${mark(rate >= target)}`,
    ...copyRates.map(
      (copy) =>
        `raw COPY          ${fmt(copy.rate).padStart(9)} rows/s     ${copy.streams} stream${copy.streams > 1 ? 's' : ''}: the same rows into a table like telemetry (including all; partitioned by month; logged), a transaction per round of messages`,
    ),
    `ratio             ${fmt(ratio, 2).padStart(9)}            of the faster raw COPY${engine === 'postgres' ? `   target ≥ ${TARGETS.postgres.ofCopy}: ${mark(ratio >= TARGETS.postgres.ofCopy)}` : ''}`,
    `PUBACK latency    p50 ${fmt(percentile(mqtt.pubackMs, 0.5), 1)} ms   p99 ${fmt(percentile(mqtt.pubackMs, 0.99), 1)} ms`,
    `API while ingest  p99 ${fmt(api99, 1)} ms   p50 ${fmt(percentile(mqtt.apiMs, 0.5), 1)} ms   max ${fmt(Math.max(...mqtt.apiMs), 1)} ms   (${mqtt.apiMs.length} GETs: gateway list, sensor latest)   target < ${TARGETS.apiP99Ms} ms: ${mark(api99 < TARGETS.apiP99Ms)}`,
    `API idle server   p99 ${fmt(percentile(idleApiMs, 0.99), 1)} ms   p50 ${fmt(percentile(idleApiMs, 0.5), 1)} ms   (${idleApiMs.length} GETs before the ingest: the machine's own noise)`,
    `event-loop delay  p99 ${fmt(mqtt.loopDelayMs.p99, 1)} ms   p50 ${fmt(mqtt.loopDelayMs.p50, 1)} ms   max ${fmt(mqtt.loopDelayMs.max, 1)} ms`,
    `stored            ${fmt(mqtt.stored)} raw points of the fleet's sensors (expected ${fmt(mqtt.points)})`,
    ...cpuLines(engine, copies, mqtt),
  ];
  if (http) {
    const perS = (n: number) => n / (http.ms / 1000);
    lines.push(
      `HTTP ingest       ${fmt(perS(http.requests))} requests/s = ${fmt(perS(http.points))} points/s   (${SETTINGS.httpConcurrency} keep-alive loops, one reading of ${SETTINGS.sensors * SETTINGS.params} points per POST, ${fmt(http.ms / 1000, 1)} s; p50 ${fmt(percentile(http.latencies, 0.5), 1)} ms, p99 ${fmt(percentile(http.latencies, 0.99), 1)} ms${http.failures ? `; ${http.failures} failed, last: ${http.lastFailure}` : ''})`,
    );
  }
  console.log(lines.join('\n'));
}

/**
 * Where the CPU went, per million points, next to the faster raw COPY's: PostgreSQL's processes, this
 * process's threads (the server's, and the bench's own load threads apart; PGlite's thread is one of
 * the server's). When the ingest keeps every core busy, its rate over raw COPY's is about the inverse
 * of the totals' ratio.
 */
function cpuLines(engine: Engine, copies: CopyBaseline[], mqtt: MqttRun): string[] {
  const copy = copies.reduce((best, one) => (one.rows / one.ms > best.rows / best.ms ? one : best));
  const perMillion = (seconds: number, points: number) => fmt(seconds / (points / 1e6), 2);
  const cores = availableParallelism();
  const load = mqtt.loadCpuS ?? 0;
  const server = mqtt.cpu.nodeS - load;
  const postgres = (used: CpuUsed) => (engine === 'postgres' ? (used.postgresS ?? 0) : 0);
  const copyTotal = postgres(copy.cpu) + copy.cpu.nodeS;
  const ingestTotal = postgres(mqtt.cpu) + mqtt.cpu.nodeS;
  const pg = (used: CpuUsed, points: number) => {
    if (engine === 'pglite') return 'PGlite in Node.js';
    return used.postgresS === null ? 'PostgreSQL n/a' : `PostgreSQL ${perMillion(used.postgresS, points)}`;
  };
  return [
    `CPU per M points  raw COPY ${perMillion(copyTotal, copy.rows)} s (${pg(copy.cpu, copy.rows)}, Node.js ${perMillion(copy.cpu.nodeS, copy.rows)}; ${fmt((copyTotal / (copy.ms / 1000) / cores) * 100)}% of ${cores} cores busy)`,
    `                  MQTT ingest ${perMillion(ingestTotal, mqtt.points)} s (${pg(mqtt.cpu, mqtt.points)}, Node.js server ${perMillion(server, mqtt.points)}, bench load threads ${mqtt.loadCpuS === null ? 'n/a' : perMillion(load, mqtt.points)}; ${fmt((ingestTotal / (mqtt.visibleMs / 1000) / cores) * 100)}% of ${cores} cores busy)`,
  ];
}

async function bench(engine: Engine, serverUrl: string | null): Promise<void> {
  const server = await startBenchServer(engine, serverUrl);
  try {
    const provisionStarted = now();
    const fleet = await provisionBenchFleet(server.url, { ...SETTINGS, gateways: SETTINGS.clients });
    const plan = loadPlan(fleet);
    console.error(
      `[${engine}] ${SETTINGS.clients} gateways, ${SETTINGS.clients * SETTINGS.sensors} sensors, ${SETTINGS.clients * SETTINGS.sensors * SETTINGS.params} mappings created through the API in ${fmt((now() - provisionStarted) / 1000, 1)} s; raw COPY baseline…`,
    );
    const copies: CopyBaseline[] = [];
    for (const streams of COPY_STREAMS[engine])
      copies.push(await measureRawCopy(server.platform.deps.db, plan, streams));
    const idleApiMs = await probeIdle(server, fleet, 5_000);
    // Both measurements start from clean buffers.
    await sql`checkpoint`.execute(server.platform.deps.db);
    console.error(`[${engine}] MQTT ingest of ${fmt(SETTINGS.points)} points…`);
    const mqtt = await profiled(`ingest-${engine}-mqtt`, () => runMqtt(server, fleet, plan));
    let http: HttpRun | null = null;
    if (SETTINGS.httpSeconds > 0) {
      console.error(`[${engine}] HTTP ingest for ${SETTINGS.httpSeconds} s…`);
      http = await profiled(`ingest-${engine}-http`, () => runHttp(server, fleet, plan));
    }
    report(engine, plan, copies, idleApiMs, mqtt, http);
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
