/**
 * bench:streamlogic: the five-node chain (source → filter → formula → 1-second tumbling average
 * → virtual sensor) over a demo-sized fleet under bench:ingest's load. Two figures, each next to its
 * baseline from the same run:
 * - ingest throughput with the chain running against without it (switched off between rounds, rounds
 *   alternating which goes first): target ≥ 70%;
 * - chain latency while the fleet publishes: a probe sensor's reading, through its own five-node chain,
 *   until its window's average is stored on a virtual sensor, from the moment the window is due (its
 *   end plus the grace for readings in flight): target p99 ≤ 250 ms; from the reading's durable answer
 *   too, which adds the wait for the window to end.
 * The real platform (runtime.ts), PGlite on disk and PostgreSQL in a throwaway database, as bench:ingest.
 *
 *   npm run bench:streamlogic       ENGINES=postgres POINTS=400000 ROUNDS=3 npm run bench:streamlogic
 */
import { sql } from 'kysely';
import {
  fleetLoadFromEnv,
  median,
  percentile,
  publishRound,
  roundMessages,
  startFleetPublisher,
} from './fleetRounds';
import { fmt } from './ingestReport';
import {
  type BenchServer,
  type Engine,
  postgresServer,
  provisionBenchFleet,
  startBenchServer,
} from './ingestSetup';
import type { LoadThread } from './loadThreads';
import { createChain, switchChain, virtualSensor } from './streamLogicChains';
import { type ChainProbeSample, probeChainLatency, provisionStreamProbe } from './streamLogicProbe';

const SETTINGS = fleetLoadFromEnv({ points: 400_000 });
const ENGINES = (process.env.ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim()) as Engine[];
const TARGETS = { ofWithout: 0.7, p99Ms: 250 };

async function idOf(server: BenchServer, text: string): Promise<string> {
  const row = (await sql<{ id: string }>`${sql.raw(text)}`.execute(server.platform.deps.db)).rows[0];
  if (!row) throw new Error(`Nothing answers ${text}`);
  return row.id;
}

/** The fleet chain's stored averages (one a second of data time while it runs). */
async function derivedCount(server: BenchServer, sensorId: string): Promise<number> {
  const result = await sql<{ n: string }>`
    select count(*)::text as n from telemetry where sensor_id = ${sensorId}::uuid`.execute(
    server.platform.deps.db,
  );
  return Number(result.rows[0]?.n);
}

async function benchEngine(engine: Engine, serverUrl: string | null): Promise<void> {
  console.error(`[${engine}] starting the platform and provisioning the fleet…`);
  const server = await startBenchServer(engine, serverUrl);
  let publisher: LoadThread | null = null;
  try {
    const fleet = await provisionBenchFleet(server.url, SETTINGS);
    const { api, orgId, projectId } = fleet;
    const typeId = await idOf(
      server,
      `select id from entity_types where name = 'Bench probe' and org_id = '${orgId}'`,
    );
    const assetId = await idOf(
      server,
      `select id from entities where name = 'Bench line' and org_id = '${orgId}'`,
    );
    const fleetVirtual = await virtualSensor(api, orgId, projectId, 'Bench fleet average');
    const probeVirtual = await virtualSensor(api, orgId, projectId, 'Bench probe average');
    const probe = await provisionStreamProbe(api, orgId, projectId, typeId, probeVirtual.id);
    const fleetChain = await createChain(
      api,
      projectId,
      'Bench fleet chain',
      { kind: 'asset', asset_id: assetId },
      fleetVirtual.id,
      'chain',
    );
    const probeChain = await createChain(
      api,
      projectId,
      'Bench probe chain',
      { kind: 'sensors', sensor_ids: [probe.sensorId] },
      probeVirtual.id,
      'sensor',
    );
    const setChains = async (enabled: boolean) => {
      await switchChain(api, projectId, fleetChain, enabled);
      await switchChain(api, projectId, probeChain, enabled);
      // The runtimes swap chains on the bus message; let it arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    publisher = await startFleetPublisher(server, fleet, SETTINGS.inflight);
    // Rounds lie one after another in the past, a span apart, so no round repeats another's readings.
    let t0 = Math.floor((Date.now() - 30 * 86_400_000) / 60_000) * 60_000;
    const next = (span: number) => {
      t0 += Math.ceil((span + 60_000) / 60_000) * 60_000;
    };
    console.error(`[${engine}] warm-up…`);
    await setChains(true);
    next((await publishRound(server, fleet, publisher, SETTINGS, t0)).spanMs);
    const rates = { without: [] as number[], with: [] as number[] };
    const samples: ChainProbeSample[] = [];
    let averagesPerRound = 0;
    for (let round = 0; round < SETTINGS.rounds; round++) {
      const order = round % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const);
      for (const mode of order) {
        await setChains(mode === 'with');
        console.error(`[${engine}] round ${round + 1} of ${SETTINGS.rounds}, ${mode} the chain…`);
        const derivedBefore = await derivedCount(server, fleetVirtual.id);
        let stop = false;
        const probing =
          mode === 'with' && process.env.PROBE !== '0'
            ? probeChainLatency(server, probe, () => stop)
            : Promise.resolve([]);
        const result = await publishRound(server, fleet, publisher, SETTINGS, t0);
        stop = true;
        samples.push(...(await probing));
        if (mode === 'with') {
          // The round's last windows close a grace after its readings are stored.
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          averagesPerRound = (await derivedCount(server, fleetVirtual.id)) - derivedBefore;
        }
        next(result.spanMs);
        rates[mode].push(result.rate);
        console.error(`[${engine}]   ${fmt(result.rate)} points/s`);
      }
    }
    const withRate = median(rates.with);
    const withoutRate = median(rates.without);
    const ratio = withRate / withoutRate;
    const due = samples.map((s) => s.dueToStoredMs);
    const p99 = percentile(due, 99);
    const line = (label: string, values: number[]) =>
      `  ${label.padEnd(40)} p50 ${fmt(percentile(values, 50), 1)} ms  p95 ${fmt(percentile(values, 95), 1)} ms  p99 ${fmt(percentile(values, 99), 1)} ms`;
    const spanSeconds = roundMessages(SETTINGS) * SETTINGS.readings;
    console.log(
      `\nbench:streamlogic [${engine}] five-node chain (source → filter → formula → 1 s average → virtual sensor) over ${fleet.gateways.length} gateways × ${SETTINGS.sensors} sensors × ${SETTINGS.params} parameters, ${fmt(SETTINGS.points)} points a round, ${SETTINGS.rounds} rounds`,
    );
    console.log(
      `  ingest without the chain                 ${fmt(withoutRate)} points/s (rounds: ${rates.without.map((r) => fmt(r)).join(', ')})`,
    );
    console.log(
      `  ingest with the chain                    ${fmt(withRate)} points/s (rounds: ${rates.with.map((r) => fmt(r)).join(', ')})`,
    );
    console.log(
      `  with / without                           ${fmt(ratio, 3)}  target ≥ ${TARGETS.ofWithout}: ${ratio >= TARGETS.ofWithout ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  fleet averages stored in the last round  ${averagesPerRound} (one per second of data: ${spanSeconds})`,
    );
    const missed = samples.filter((s) => !Number.isFinite(s.dueToStoredMs)).length;
    console.log(
      `  probes under load                        ${samples.length} (${missed} not stored within 10 s)`,
    );
    console.log(line('window due → average stored', due));
    console.log(
      line(
        'reading durable → average stored',
        samples.map((s) => s.durableToStoredMs),
      ),
    );
    console.log(
      `  window due → stored p99 target ≤ ${TARGETS.p99Ms} ms: ${samples.length > 0 && p99 <= TARGETS.p99Ms ? 'met' : 'MISSED'}`,
    );
  } finally {
    if (publisher) {
      await publisher.request({ type: 'close' }, 'closed').catch(() => undefined);
      await publisher.worker.terminate();
    }
    await server.close();
  }
}

const postgres = ENGINES.includes('postgres') ? await postgresServer() : null;
for (const engine of ENGINES) {
  if (engine === 'postgres' && !postgres) {
    console.log(
      'bench:streamlogic [postgres] skipped: no PostgreSQL answers (TEST_DATABASE_URL or 127.0.0.1:5432)',
    );
    continue;
  }
  await benchEngine(engine, postgres);
}
process.exit(0);
