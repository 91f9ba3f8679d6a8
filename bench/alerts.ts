/**
 * bench:alerts: 1,000 alert rules over a demo-sized fleet under bench:ingest's load. Two figures, each
 * next to its baseline from the same run:
 * - ingest throughput with the rules against without them (the rules switched off between rounds,
 *   rounds alternating which goes first): target ≥ 85%;
 * - ingest-to-alert latency while the fleet publishes: a probe sensor's reading past the probe rule,
 *   from sending it to its durable answer, to the alert row, to the `alert.changed` event on a member's
 *   socket (p50/p95/p99): target p95 ≤ 1 s.
 * The real platform (runtime.ts), PGlite on disk and PostgreSQL in a throwaway database, as bench:ingest.
 *
 *   npm run bench:alerts       ENGINES=postgres RULES=1000 POINTS=400000 ROUNDS=3 npm run bench:alerts
 */
import { sql } from 'kysely';
import { DEMO_ADMIN } from '../packages/server/src/seed/demo';
import { alertEventsOf, alertSocket, type ProbeSample, probeLatency, provisionProbe } from './alertsProbe';
import { benchRules, importRules } from './alertsRules';
import {
  envNumber,
  fleetLoadFromEnv,
  median,
  percentile,
  publishRound,
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

const SETTINGS = { rules: envNumber('RULES', 1_000), ...fleetLoadFromEnv({ points: 400_000 }) };
const ENGINES = (process.env.ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim()) as Engine[];
const TARGETS = { ofWithout: 0.85, p95Ms: 1_000 };
/** The cluster bus channel on which rule changes make every node's evaluator forget its rules. */
const RULES_CHANGED = 'ferrite_alert_rules_changed';

/** Switches every rule of the organization on or off, and tells the evaluators at once. */
async function setRules(server: BenchServer, orgId: string, enabled: boolean): Promise<void> {
  const { db, bus } = server.platform.deps;
  await sql`update alert_rules set enabled = ${enabled} where org_id = ${orgId}`.execute(db);
  await bus.publish(RULES_CHANGED, { orgId });
  // The evaluator reloads its index on the next batch; let one message go through first.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

async function idOf(server: BenchServer, text: string): Promise<string> {
  const row = (await sql<{ id: string }>`${sql.raw(text)}`.execute(server.platform.deps.db)).rows[0];
  if (!row) throw new Error(`Nothing answers ${text}`);
  return row.id;
}

async function benchEngine(engine: Engine, serverUrl: string | null): Promise<void> {
  console.error(`[${engine}] starting the platform and provisioning the fleet…`);
  const server = await startBenchServer(engine, serverUrl);
  let publisher: LoadThread | null = null;
  try {
    const fleet = await provisionBenchFleet(server.url, SETTINGS);
    const typeId = await idOf(
      server,
      `select id from entity_types where name = 'Bench probe' and org_id = '${fleet.orgId}'`,
    );
    const assetId = await idOf(
      server,
      `select id from entities where name = 'Bench line' and org_id = '${fleet.orgId}'`,
    );
    const adminId = await idOf(server, `select id from users where email = '${DEMO_ADMIN.email}'`);
    const probe = await provisionProbe(fleet.api, fleet.orgId, fleet.projectId, typeId, assetId);
    const rules = benchRules(
      fleet,
      { typeId, assetId, probeSensorId: probe.sensorId, adminId },
      SETTINGS.rules,
    );
    console.error(`[${engine}] importing ${rules.length} rules…`);
    await importRules(fleet.api, fleet.orgId, rules);
    const events = alertEventsOf(probe.sensorId);
    const socket = await alertSocket(server.url, fleet.accessToken, fleet.orgId, (alert) =>
      events.hear(alert),
    );
    publisher = await startFleetPublisher(server, fleet, SETTINGS.inflight);
    // Rounds lie one after another in the past, a span apart, so no round repeats another's readings.
    let t0 = Math.floor((Date.now() - 30 * 86_400_000) / 60_000) * 60_000;
    const next = (span: number) => {
      t0 += Math.ceil((span + 60_000) / 60_000) * 60_000;
    };
    console.error(`[${engine}] warm-up…`);
    next((await publishRound(server, fleet, publisher, SETTINGS, t0)).spanMs);
    const rates = { without: [] as number[], with: [] as number[] };
    const samples: ProbeSample[] = [];
    for (let round = 0; round < SETTINGS.rounds; round++) {
      const order = round % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const);
      for (const mode of order) {
        await setRules(server, fleet.orgId, mode === 'with');
        console.error(`[${engine}] round ${round + 1} of ${SETTINGS.rounds}, ${mode} rules…`);
        let stop = false;
        const probing =
          mode === 'with' && process.env.PROBE !== '0'
            ? probeLatency(server.url, probe, events, () => stop)
            : Promise.resolve([]);
        const result = await publishRound(server, fleet, publisher, SETTINGS, t0);
        stop = true;
        samples.push(...(await probing));
        next(result.spanMs);
        rates[mode].push(result.rate);
        console.error(`[${engine}]   ${fmt(result.rate)} points/s`);
      }
    }
    socket.close();
    const withRate = median(rates.with);
    const withoutRate = median(rates.without);
    const ratio = withRate / withoutRate;
    const p95 = percentile(
      samples.map((s) => s.socketMs),
      95,
    );
    const line = (label: string, values: number[]) =>
      `  ${label.padEnd(34)} p50 ${fmt(percentile(values, 50), 1)} ms  p95 ${fmt(percentile(values, 95), 1)} ms  p99 ${fmt(percentile(values, 99), 1)} ms`;
    console.log(
      `\nbench:alerts [${engine}] ${SETTINGS.rules} rules, ${fleet.gateways.length} gateways × ${SETTINGS.sensors} sensors × ${SETTINGS.params} parameters, ${fmt(SETTINGS.points)} points a round, ${SETTINGS.rounds} rounds`,
    );
    console.log(
      `  ingest without rules              ${fmt(withoutRate)} points/s (rounds: ${rates.without.map((r) => fmt(r)).join(', ')})`,
    );
    console.log(
      `  ingest with rules                 ${fmt(withRate)} points/s (rounds: ${rates.with.map((r) => fmt(r)).join(', ')})`,
    );
    console.log(
      `  with / without                    ${fmt(ratio, 3)}  target ≥ ${TARGETS.ofWithout}: ${ratio >= TARGETS.ofWithout ? 'met' : 'MISSED'}`,
    );
    const missed = samples.filter((s) => !Number.isFinite(s.socketMs)).length;
    console.log(`  probe fires under load            ${samples.length} (${missed} not heard within 30 s)`);
    console.log(
      line(
        'reading sent → durable answer',
        samples.map((s) => s.durableMs),
      ),
    );
    console.log(
      line(
        'reading sent → alert row',
        samples.map((s) => s.rowMs),
      ),
    );
    console.log(
      line(
        'reading sent → socket event',
        samples.map((s) => s.socketMs),
      ),
    );
    console.log(
      `  socket event p95 target ≤ ${TARGETS.p95Ms} ms: ${samples.length > 0 && p95 <= TARGETS.p95Ms ? 'met' : 'MISSED'}`,
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
      'bench:alerts [postgres] skipped: no PostgreSQL answers (TEST_DATABASE_URL or 127.0.0.1:5432)',
    );
    continue;
  }
  await benchEngine(engine, postgres);
}
process.exit(0);
