/**
 * bench:ingest's report: each figure as the median of the rounds (every round's value beside it, so the
 * spread shows), latencies over all rounds' samples together, and where the CPU went.
 */
import { availableParallelism } from 'node:os';
import type { CpuUsed } from './cpuAccounting';
import type { CopyBaseline, LoadPlan } from './ingestBaseline';
import { SETTINGS, TARGETS } from './ingestSettings';
import type { Engine } from './ingestSetup';

export interface MqttRun {
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

export interface HttpRun {
  ms: number;
  requests: number;
  points: number;
  failures: number;
  lastFailure: string;
  latencies: number[];
}

/** One round: raw COPY with each stream count, then the MQTT ingest, each into its own span of time. */
export interface Round {
  copies: CopyBaseline[];
  mqtt: MqttRun;
}

/** A number in the report's style: thousands separated, `digits` decimals. */
export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
const rateOf = (count: number, ms: number) => count / (ms / 1000);

function percentile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** "the median" and, with more than one round, every round's value in order. */
function medianOf(values: number[], digits: number, width: number): string {
  const middle = fmt(median(values), digits).padStart(width);
  return values.length > 1 ? `${middle} (rounds: ${values.map((v) => fmt(v, digits)).join(' · ')})` : middle;
}

export function report(
  engine: Engine,
  plan: LoadPlan,
  rounds: Round[],
  idleApiMs: number[],
  http: HttpRun | null,
): void {
  const measured = rounds.map(({ copies, mqtt }) => {
    const rate = rateOf(mqtt.points, mqtt.visibleMs);
    const best = Math.max(...copies.map((copy) => rateOf(copy.rows, copy.ms)));
    return { rate, ratio: rate / best };
  });
  const rate = median(measured.map((round) => round.rate));
  const ratio = median(measured.map((round) => round.ratio));
  const all = (pick: (mqtt: MqttRun) => number[]) => rounds.flatMap((round) => pick(round.mqtt));
  const apiMs = all((mqtt) => mqtt.apiMs);
  const pubackMs = all((mqtt) => mqtt.pubackMs);
  const api99 = percentile(apiMs, 0.99);
  const first = (rounds[0] as Round).mqtt;
  const name = engine === 'pglite' ? 'PGlite (on disk, worker thread)' : 'PostgreSQL';
  const target = TARGETS[engine].pointsPerS;
  const copyLines = (rounds[0] as Round).copies.map((copy, index) => {
    const rates = rounds.map((round) => {
      const one = round.copies[index] as CopyBaseline;
      return rateOf(one.rows, one.ms);
    });
    return `raw COPY          ${medianOf(rates, 0, 9)} rows/s   ${copy.streams} stream${copy.streams > 1 ? 's' : ''}`;
  });
  const lines = [
    `\n== bench:ingest on ${name} ==`,
    `load              ${SETTINGS.clients} MQTT clients × ${plan.messages} messages × ${plan.readings} readings × ${SETTINGS.sensors} sensors × ${SETTINGS.params} parameters = ${fmt(first.points)} points a round (QoS 1, ${SETTINGS.inflight} unacknowledged per client, ${fmt(first.payloadBytes / 1e6, 1)} MB of JSON, readings ${SETTINGS.intervalMs} ms apart); ${rounds.length} round${rounds.length > 1 ? 's' : ''}, medians shown${SETTINGS.warmupPoints > 0 ? `, after a warm-up of ${fmt(SETTINGS.warmupPoints)} points not measured` : ''}`,
    `MQTT → stored     ${medianOf(
      measured.map((round) => round.rate),
      0,
      9,
    )} points/s   target ≥ ${fmt(target)}: ${mark(rate >= target)}`,
    `                  first publish to a count that sees every point; last PUBACK ${fmt(median(rounds.map((round) => round.mqtt.visibleMs - round.mqtt.ackMs)), 0)} ms before that count (median)`,
    ...copyLines,
    '                  the same rows into a table like telemetry (including all; partitioned by month; logged; grown through the run as telemetry is), a transaction per wave of messages (one from each client)',
    `ratio             ${medianOf(
      measured.map((round) => round.ratio),
      2,
      9,
    )}   of the round's faster raw COPY${engine === 'postgres' ? `   target ≥ ${TARGETS.postgres.ofCopy}: ${mark(ratio >= TARGETS.postgres.ofCopy)}` : ''}`,
    `PUBACK latency    p50 ${fmt(percentile(pubackMs, 0.5), 1)} ms   p99 ${fmt(percentile(pubackMs, 0.99), 1)} ms`,
    `API while ingest  p99 ${fmt(api99, 1)} ms   p50 ${fmt(percentile(apiMs, 0.5), 1)} ms   max ${fmt(Math.max(...apiMs), 1)} ms   (${apiMs.length} GETs over the rounds: gateway list, sensor latest)   target < ${TARGETS.apiP99Ms} ms: ${mark(api99 < TARGETS.apiP99Ms)}`,
    `API idle server   p99 ${fmt(percentile(idleApiMs, 0.99), 1)} ms   p50 ${fmt(percentile(idleApiMs, 0.5), 1)} ms   (${idleApiMs.length} GETs before the ingest: the machine's own noise)`,
    `event-loop delay  p99 ${fmt(median(rounds.map((round) => round.mqtt.loopDelayMs.p99)), 1)} ms   p50 ${fmt(median(rounds.map((round) => round.mqtt.loopDelayMs.p50)), 1)} ms   max ${fmt(Math.max(...rounds.map((round) => round.mqtt.loopDelayMs.max)), 1)} ms`,
    `stored            ${fmt(sum(rounds, (round) => round.mqtt.stored))} raw points of the fleet's sensors (expected ${fmt(sum(rounds, (round) => round.mqtt.points))})`,
    ...cpuLines(engine, rounds),
  ];
  if (http) {
    const perS = (n: number) => rateOf(n, http.ms);
    lines.push(
      `HTTP ingest       ${fmt(perS(http.requests))} requests/s = ${fmt(perS(http.points))} points/s   (${SETTINGS.httpConcurrency} keep-alive loops, one reading of ${SETTINGS.sensors * SETTINGS.params} points per POST, ${fmt(http.ms / 1000, 1)} s; p50 ${fmt(percentile(http.latencies, 0.5), 1)} ms, p99 ${fmt(percentile(http.latencies, 0.99), 1)} ms${http.failures ? `; ${http.failures} failed, last: ${http.lastFailure}` : ''})`,
    );
  }
  console.log(lines.join('\n'));
}

function sum<T>(items: readonly T[], pick: (item: T) => number): number {
  return items.reduce((total, item) => total + pick(item), 0);
}

/** CPU used over every round together, with the rows or points and the time it took. */
interface CpuTotal {
  count: number;
  ms: number;
  cpu: CpuUsed;
}

function added(parts: { count: number; ms: number; cpu: CpuUsed }[]): CpuTotal {
  const postgres = parts.map((part) => part.cpu.postgresS);
  return {
    count: sum(parts, (part) => part.count),
    ms: sum(parts, (part) => part.ms),
    cpu: {
      nodeS: sum(parts, (part) => part.cpu.nodeS),
      postgresS: postgres.some((s) => s === null) ? null : sum(postgres, (s) => s ?? 0),
    },
  };
}

/**
 * Where the CPU went, per million points, over all rounds, next to the faster raw COPY's: PostgreSQL's
 * processes, this process's threads (the server's, and the bench's own load threads apart; PGlite's
 * thread is one of the server's). When the ingest keeps every core busy, its rate over raw COPY's is
 * about the inverse of the totals' ratio.
 */
function cpuLines(engine: Engine, rounds: Round[]): string[] {
  // The stream count whose median raw COPY was the faster (each round's ratio takes its own faster one).
  const streamCounts = (rounds[0] as Round).copies.map((_, index) => index);
  const fastest = streamCounts.reduce((best, index) => {
    const rate = (i: number) =>
      median(
        rounds.map((round) =>
          rateOf((round.copies[i] as CopyBaseline).rows, (round.copies[i] as CopyBaseline).ms),
        ),
      );
    return rate(index) > rate(best) ? index : best;
  }, 0);
  const copy = added(
    rounds.map((round) => {
      const one = round.copies[fastest] as CopyBaseline;
      return { count: one.rows, ms: one.ms, cpu: one.cpu };
    }),
  );
  const mqtt = added(rounds.map(({ mqtt }) => ({ count: mqtt.points, ms: mqtt.visibleMs, cpu: mqtt.cpu })));
  const loads = rounds.map((round) => round.mqtt.loadCpuS);
  const load = loads.some((s) => s === null) ? null : sum(loads, (s) => s ?? 0);
  const perMillion = (seconds: number, count: number) => fmt(seconds / (count / 1e6), 2);
  const cores = availableParallelism();
  const postgres = (used: CpuUsed) => (engine === 'postgres' ? (used.postgresS ?? 0) : 0);
  const total = (part: CpuTotal) => postgres(part.cpu) + part.cpu.nodeS;
  const busy = (part: CpuTotal) => fmt((total(part) / (part.ms / 1000) / cores) * 100);
  const pg = (part: CpuTotal) => {
    if (engine === 'pglite') return 'PGlite in Node.js';
    return part.cpu.postgresS === null
      ? 'PostgreSQL n/a'
      : `PostgreSQL ${perMillion(part.cpu.postgresS, part.count)}`;
  };
  const server = mqtt.cpu.nodeS - (load ?? 0);
  return [
    `CPU per M points  raw COPY ${perMillion(total(copy), copy.count)} s (${pg(copy)}, Node.js ${perMillion(copy.cpu.nodeS, copy.count)}; ${busy(copy)}% of ${cores} cores busy)`,
    `                  MQTT ingest ${perMillion(total(mqtt), mqtt.count)} s (${pg(mqtt)}, Node.js server ${perMillion(server, mqtt.count)}, bench load threads ${load === null ? 'n/a' : perMillion(load, mqtt.count)}; ${busy(mqtt)}% of ${cores} cores busy)`,
  ];
}
