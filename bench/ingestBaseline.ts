/**
 * The baseline of bench:ingest: plain COPY of the same number of rows, with the same keys and times,
 * into a table shaped like telemetry (same columns, primary key, range partitioning by month with a
 * DEFAULT partition; logged like telemetry) that grows through the run as telemetry does, in chunks
 * the size of one wave of messages (one from each client), each chunk sorted by key and committed on
 * its own. Rows are encoded before the clock starts: the figure is what the database absorbs,
 * nothing else. No rollups: that is the writer's extra work.
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

/**
 * A telemetry-shaped table for one stream count's baseline. It lives for the whole run and grows round
 * by round as telemetry does (warm-up rows first, then each round's), so every round's COPY lands in
 * a table holding as many rows as the one its ingest writes to: the cost of a COPY grows with its
 * table (measured alternately in one run: PostgreSQL's CPU per million rows 2.93–3.00 s into a
 * fresh table, 3.29–3.38 s into one holding 2.2M–6.2M rows).
 */
export interface RawCopyTable {
  name: string;
  streams: number;
}

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

const planEnd = (plan: LoadPlan) => plan.t0 + plan.messages * plan.readings * plan.intervalMs;

/** Monthly partitions covering [from, to), named and bounded like the writer's. */
function months(table: string, from: number, to: number): { name: string; from: string; to: string }[] {
  const out: { name: string; from: string; to: string }[] = [];
  const first = new Date(from);
  for (let y = first.getUTCFullYear(), m = first.getUTCMonth(); Date.UTC(y, m, 1) < to; m++) {
    const start = new Date(Date.UTC(y, m, 1));
    const end = new Date(Date.UTC(y, m + 1, 1));
    const key = `${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
    out.push({ name: `${table}_y${key}`, from: start.toISOString(), to: end.toISOString() });
  }
  return out;
}

/**
 * Creates the baseline table of `streams` (`like telemetry including all`, partitioned by month over
 * every plan's span plus DEFAULT, logged) and fills it, unmeasured, with `warmUp`'s rows when given,
 * as the warm-up ingest fills telemetry.
 */
export async function createRawCopyTable(
  db: Db,
  streams: number,
  plans: LoadPlan[],
  warmUp: LoadPlan | null,
): Promise<RawCopyTable> {
  const table = { name: `bench_raw_copy_${streams}`, streams };
  await dropRawCopyTable(db, table);
  await sql`create table ${sql.table(table.name)} (like telemetry including all) partition by range (ts)`.execute(
    db,
  );
  await sql`create table ${sql.table(`${table.name}_default`)} partition of ${sql.table(table.name)} default`.execute(
    db,
  );
  const all = warmUp ? [warmUp, ...plans] : plans;
  const from = Math.min(...all.map((plan) => plan.t0));
  for (const month of months(table.name, from, Math.max(...all.map(planEnd)))) {
    await sql`create table ${sql.table(month.name)} partition of ${sql.table(table.name)}
      for values from (${sql.lit(month.from)}) to (${sql.lit(month.to)})`.execute(db);
  }
  if (warmUp) await measureRawCopy(db, table, warmUp);
  return table;
}

export async function dropRawCopyTable(db: Db, table: RawCopyTable): Promise<void> {
  await sql`drop table if exists ${sql.table(table.name)}`.execute(db);
}

/** Rows of the table in the plan's span of time (rounds and the warm-up never share a span). */
async function rowsInSpan(db: Db, table: RawCopyTable, plan: LoadPlan): Promise<number> {
  const counted = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table.name)}
    where ts >= ${new Date(plan.t0)} and ts < ${new Date(planEnd(plan))}`.execute(db);
  return Number(counted.rows[0]?.n);
}

/**
 * COPYs the plan's rows into the table, `table.streams` chunks at a time (each on its own connection
 * on PostgreSQL), and checks that every row arrived.
 */
export async function measureRawCopy(db: Db, table: RawCopyTable, plan: LoadPlan): Promise<CopyBaseline> {
  const chunks: CopyFrom[] = [];
  let rows = 0;
  for (let m = 0; m < plan.messages; m++) {
    const points = wavePoints(plan, m);
    rows += points.length;
    const runs = sliceSeries(groupSeries(runsOfPoints(points)).series, Number.POSITIVE_INFINITY)[0] ?? [];
    chunks.push(new CopyFrom(`${table.name} ${TELEMETRY_COLUMNS}`, 'binary', encodeTelemetry(runs)));
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
  await Promise.all(Array.from({ length: table.streams }, lane));
  const ms = performance.now() - started;
  const used = cpuSince(cpu);
  const stored = await rowsInSpan(db, table, plan);
  if (stored !== rows) throw new Error(`raw COPY stored ${stored} of ${rows} rows`);
  return { rows, ms, streams: table.streams, cpu: used };
}
