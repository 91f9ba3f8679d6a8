/**
 * The statements a telemetry write runs for one slice: raw points by COPY or, when some may be
 * stored already, by INSERT … ON CONFLICT DO NOTHING RETURNING; rollup deltas by unnest arrays or,
 * when many, by COPY into a session temp table and one upsert per rollup (all in one statement).
 * Given EncodeBuffers, COPY streams are written into reused buffers. The rollup upserts are the same
 * text every time and are prepared once per connection (PREPARE).
 */
import { type RawBuilder, sql } from 'kysely';
import { CopyFrom, copyRows } from '../platform/db/bulk';
import type { Db } from '../platform/db/database';
import { PREPARE } from '../platform/db/preparedStatements';
import { isoOfTime } from '../platform/isoTime';
import { plainArray, textArray } from './arrayLiterals';
import { deltaCount, pointsIn, type RollupDelta, type SeriesRun, type SliceRollups } from './batchPlan';
import { ROLLUP_ARRAY_TYPES, rollupArrays } from './binaryArrays';
import { encodeRollups, encodeTelemetry, ROLLUP_COLUMNS, TELEMETRY_COLUMNS } from './copyEncoding';
import type { EncodeBuffers } from './encodeBuffers';
import { noteTime, seriesKey } from './pointRuns';
import { ROLLUPS } from './rollups';

/** Folds a delta into a stored rollup row (`r`) from the proposed one (`excluded`). */
const ROLLUP_UPDATE = sql`
  count = r.count + excluded.count,
  sum = r.sum + excluded.sum,
  min = least(r.min, excluded.min),
  max = greatest(r.max, excluded.max),
  first_ts = least(r.first_ts, excluded.first_ts),
  first_value = case when excluded.first_ts < r.first_ts then excluded.first_value else r.first_value end,
  last_ts = greatest(r.last_ts, excluded.last_ts),
  last_value = case when excluded.last_ts > r.last_ts then excluded.last_value else r.last_value end`;

/** The slice's points as a binary COPY into telemetry; `buffers` lends its buffer (give it back after). */
export function rawCopy(slice: readonly SeriesRun[], buffers?: EncodeBuffers): CopyFrom {
  return new CopyFrom(`telemetry ${TELEMETRY_COLUMNS}`, 'binary', encodeTelemetry(slice, buffers));
}

/** A row RETURNING answers: its time as epoch microseconds (a Date would drop them). */
type StoredKey = { sensor_id: string; param_key: string; micros: number | string };

/** What insertNew did: the slice narrowed to the points it inserted, and the times it met stored (by seriesKey). */
export interface Inserted {
  runs: SeriesRun[];
  stored: Map<string, number[]> | null;
}

/** INSERT … ON CONFLICT DO NOTHING; answers the points it inserted and the times already stored. */
export async function insertNew(db: Db, slice: readonly SeriesRun[]): Promise<Inserted> {
  const count = pointsIn(slice);
  const orgIds: string[] = new Array(count);
  const sensorIds: string[] = new Array(count);
  const paramKeys: string[] = new Array(count);
  const stamps: string[] = new Array(count);
  const values: number[] = new Array(count);
  let at = 0;
  for (const { series, start, end } of slice) {
    for (let i = start; i < end; i++, at++) {
      orgIds[at] = series.orgId;
      sensorIds[at] = series.sensorId;
      paramKeys[at] = series.paramKey;
      stamps[at] = isoOfTime(series.ts[i]!);
      values[at] = series.values[i]!;
    }
  }
  const result = await sql<StoredKey>`
    insert into telemetry ${sql.raw(TELEMETRY_COLUMNS)}
    select * from unnest(
      ${orgIds}::uuid[], ${sensorIds}::uuid[], ${paramKeys}::text[], ${stamps}::timestamptz[], ${values}::float8[]
    )
    on conflict do nothing
    returning sensor_id, param_key, (extract(epoch from ts) * 1000000)::float8 as micros`.execute(db);
  return keepInserted(slice, result.rows);
}

/** The points RETURNING named (matched by the microsecond the table keeps), and the others' times. */
function keepInserted(slice: readonly SeriesRun[], inserted: readonly StoredKey[]): Inserted {
  const keys = new Set(
    inserted.map((row) => `${row.sensor_id.toLowerCase()}/${row.param_key}/${Number(row.micros)}`),
  );
  const kept: SeriesRun[] = [];
  let stored: Map<string, number[]> | null = null;
  for (const { series, start, end } of slice) {
    const sensor = series.sensorId.toLowerCase();
    const ts: number[] = [];
    const values: number[] = [];
    for (let i = start; i < end; i++) {
      if (!keys.has(`${sensor}/${series.paramKey}/${Math.round(series.ts[i]! * 1000)}`)) {
        stored ??= new Map();
        noteTime(stored, seriesKey(series.sensorId, series.paramKey), series.ts[i]!);
        continue;
      }
      ts.push(series.ts[i]!);
      values.push(series.values[i]!);
    }
    if (ts.length > 0) {
      kept.push({
        series: { ...series, ts: Float64Array.from(ts), values: Float64Array.from(values) },
        start: 0,
        end: ts.length,
      });
    }
  }
  return { runs: kept, stored };
}

/** The CTE `r{level}` that adds the rows `select` answers (ROLLUP_COLUMNS) to that level's rollup. */
function upsertInto(level: number, select: RawBuilder<unknown>): RawBuilder<unknown> {
  const table = ROLLUPS[level]?.table as string;
  return sql`${sql.id(`r${level}`)} as (
    insert into ${sql.table(table)} as r ${sql.raw(ROLLUP_COLUMNS)} ${select}
    on conflict (sensor_id, param_key, bucket) do update set ${ROLLUP_UPDATE})`;
}

/** A timestamp column of epoch microseconds (int8) as timestamptz, exactly: whole seconds plus the rest. */
const fromMicros = (column: string) =>
  sql.raw(`to_timestamp(d.${column} / 1000000) + (d.${column} % 1000000) * interval '1 microsecond'`);

/** Epoch milliseconds (microseconds as the fraction) as whole epoch microseconds, for an int8 literal. */
const micros = (ms: number) => Math.round(ms * 1000);

/**
 * Adds deltas to every rollup with unnest arrays, in one statement: binary arrays where the driver
 * sends Buffers in binary (binaryArrays.ts), else text literals with times as epoch microseconds
 * (formatting three ISO timestamps a row took two thirds of building the text arrays).
 */
export async function upsertRollups(db: Db, rollups: SliceRollups, binary: boolean): Promise<void> {
  if (deltaCount(rollups) === 0) return;
  const upserts = rollups.map((deltas, level) =>
    upsertInto(level, binary ? binaryDeltas(deltas) : textDeltas(deltas)),
  );
  await sql`${PREPARE}with ${sql.join(upserts)} select 1`.execute(db);
}

/** A rollup level's deltas as rows (ROLLUP_COLUMNS), from binary array parameters. */
function binaryDeltas(deltas: readonly RollupDelta[]): RawBuilder<unknown> {
  const arrays = rollupArrays(deltas).map(
    (array, i) => sql`${array}::${sql.raw(ROLLUP_ARRAY_TYPES[i] as string)}`,
  );
  return sql`
    select ${sql.raw(ROLLUP_COLUMNS.slice(1, -1))}
    from unnest(${sql.join(arrays)}) as d${sql.raw(ROLLUP_COLUMNS)}`;
}

/** A rollup level's deltas as rows (ROLLUP_COLUMNS), from text array literals. */
function textDeltas(deltas: readonly RollupDelta[]): RawBuilder<unknown> {
  // Ids were checked as UUIDs and values as finite numbers (groupSeries): only keys need quoting.
  const column = (pick: (delta: RollupDelta) => string | number) => plainArray(deltas.map(pick));
  return sql`
    select d.org_id, d.sensor_id, d.param_key, ${fromMicros('bucket')}, d.count, d.sum, d.min, d.max,
           ${fromMicros('first_ts')}, d.first_value, ${fromMicros('last_ts')}, d.last_value
    from unnest(
      ${column((d) => d.orgId)}::uuid[], ${column((d) => d.sensorId)}::uuid[],
      ${textArray(deltas.map((d) => d.paramKey))}::text[], ${column((d) => micros(d.bucket))}::int8[],
      ${column((d) => d.count)}::int8[], ${column((d) => d.sum)}::float8[],
      ${column((d) => d.min)}::float8[], ${column((d) => d.max)}::float8[],
      ${column((d) => micros(d.firstTs))}::int8[], ${column((d) => d.firstValue)}::float8[],
      ${column((d) => micros(d.lastTs))}::int8[], ${column((d) => d.lastValue)}::float8[]
    ) as d${sql.raw(ROLLUP_COLUMNS)}`;
}

/** Creates the session temp table the deltas are copied into (emptied at every commit). */
export async function createDeltaTable(db: Db): Promise<void> {
  // `level` is the rollup's index in ROLLUPS.
  await sql`create temp table if not exists telemetry_rollup_deltas
    (level smallint not null, like telemetry_1m) on commit delete rows`.execute(db);
}

/**
 * Adds deltas to every rollup through COPY into the temp table (createDeltaTable), then one statement
 * that empties the table and upserts each rollup from what it held (so a transaction can repeat it).
 */
export async function copyRollups(db: Db, rollups: SliceRollups, buffers?: EncodeBuffers): Promise<void> {
  const target = `telemetry_rollup_deltas (level, ${ROLLUP_COLUMNS.slice(1)}`;
  const data = encodeRollups(rollups, buffers);
  await copyRows(db, new CopyFrom(target, 'binary', data));
  buffers?.give(data);
  const upserts = ROLLUPS.map((_, level) =>
    upsertInto(
      level,
      sql`select ${sql.raw(ROLLUP_COLUMNS.slice(1, -1))} from delta where level = ${sql.lit(level)}`,
    ),
  );
  await sql`${PREPARE}
    with delta as (delete from telemetry_rollup_deltas returning *), ${sql.join(upserts)}
    select 1`.execute(db);
}
