/**
 * The baseline of bench:ingest: plain COPY of the same number of rows, with the same keys and times,
 * into a table shaped like telemetry (same columns, primary key, range partitioning by month with a
 * DEFAULT partition; logged like telemetry), in chunks the size of one wave of messages (one from each
 * client), each chunk sorted by key and committed on its own. Rows are encoded before the clock starts:
 * the figure is what the database absorbs, nothing else. No rollups: that is the writer's extra work.
 */
import { sql } from 'kysely';
import { CopyFrom, copyRows } from '../packages/server/src/platform/db/bulk';
import type { Db } from '../packages/server/src/platform/db/database';
import { groupSeries, sliceSeries } from '../packages/server/src/telemetry/batchPlan';
import { encodeTelemetry, TELEMETRY_COLUMNS } from '../packages/server/src/telemetry/copyEncoding';
import { runsOfPoints, type TelemetryPoint } from '../packages/server/src/telemetry/pointRuns';
import { type CpuUsed, cpuMark, cpuSince } from './cpuAccounting';

/** What the ingest run sends: per client, messages of readings of every sensor's parameters. */
export interface LoadPlan {
  orgId: string;
  /** Per client (gateway): its sensors' ids. */
  sensorIds: string[][];
  params: string[];
  messages: number;
  readings: number;
  intervalMs: number;
  t0: number;
}

export interface CopyBaseline {
  rows: number;
  ms: number;
  streams: number;
  cpu: CpuUsed;
}

const TABLE = 'bench_raw_copy';

/** The points of one wave: message `m` of every client, sorted by key like the ingest batcher does. */
function wavePoints(plan: LoadPlan, m: number): TelemetryPoint[] {
  const points: TelemetryPoint[] = [];
  for (const sensors of plan.sensorIds) {
    for (let r = 0; r < plan.readings; r++) {
      const ts = new Date(plan.t0 + (m * plan.readings + r) * plan.intervalMs);
      for (const sensorId of sensors)
        for (const paramKey of plan.params)
          points.push({ orgId: plan.orgId, sensorId, paramKey, ts, value: 20 + Math.random() * 60 });
    }
  }
  return points;
}

/** Monthly partitions covering [from, to), named and bounded like the writer's. */
function months(from: number, to: number): { name: string; from: string; to: string }[] {
  const out: { name: string; from: string; to: string }[] = [];
  const first = new Date(from);
  for (let y = first.getUTCFullYear(), m = first.getUTCMonth(); Date.UTC(y, m, 1) < to; m++) {
    const start = new Date(Date.UTC(y, m, 1));
    const end = new Date(Date.UTC(y, m + 1, 1));
    const key = `${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
    out.push({ name: `${TABLE}_y${key}`, from: start.toISOString(), to: end.toISOString() });
  }
  return out;
}

/**
 * COPYs the plan's rows into a fresh telemetry-shaped table, `streams` chunks at a time (each on its own
 * connection on PostgreSQL), and drops the table afterwards.
 */
export async function measureRawCopy(db: Db, plan: LoadPlan, streams: number): Promise<CopyBaseline> {
  await sql`drop table if exists ${sql.table(TABLE)}`.execute(db);
  await sql`create table ${sql.table(TABLE)} (like telemetry including all) partition by range (ts)`.execute(
    db,
  );
  await sql`create table ${sql.table(`${TABLE}_default`)} partition of ${sql.table(TABLE)} default`.execute(
    db,
  );
  const end = plan.t0 + plan.messages * plan.readings * plan.intervalMs;
  for (const month of months(plan.t0, end)) {
    await sql`create table ${sql.table(month.name)} partition of ${sql.table(TABLE)}
      for values from (${sql.lit(month.from)}) to (${sql.lit(month.to)})`.execute(db);
  }
  const chunks: CopyFrom[] = [];
  let rows = 0;
  for (let m = 0; m < plan.messages; m++) {
    const points = wavePoints(plan, m);
    rows += points.length;
    const runs = sliceSeries(groupSeries(runsOfPoints(points)).series, Number.POSITIVE_INFINITY)[0] ?? [];
    chunks.push(new CopyFrom(`${TABLE} ${TELEMETRY_COLUMNS}`, 'binary', encodeTelemetry(runs)));
  }
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < chunks.length; i = next++) {
      const chunk = chunks[i] as CopyFrom;
      await db.transaction().execute((trx) => copyRows(trx, chunk));
    }
  };
  const cpu = cpuMark();
  const started = performance.now();
  await Promise.all(Array.from({ length: streams }, lane));
  const ms = performance.now() - started;
  const used = cpuSince(cpu);
  const counted = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(TABLE)}`.execute(db);
  if (Number(counted.rows[0]?.n) !== rows)
    throw new Error(`raw COPY stored ${counted.rows[0]?.n} of ${rows} rows`);
  await sql`drop table ${sql.table(TABLE)}`.execute(db);
  return { rows, ms, streams, cpu: used };
}
