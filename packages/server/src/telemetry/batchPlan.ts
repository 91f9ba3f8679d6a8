/**
 * Plans a telemetry write in memory: points grouped into series (sensor, parameter) with exact
 * duplicates inside the batch dropped (the first one wins), cut into slices of whole series runs so
 * every transaction stays short, and each slice's rollup deltas aggregated in JavaScript.
 */
import { noteTime, type PointRun, pointCount, seriesKey } from './pointRuns';
import { ROLLUPS } from './rollups';

/**
 * One sensor parameter's points, in time order, each time once; `ts` in epoch ms (microseconds as the
 * fraction). Float64Arrays (views
 * into one block per batch): a series waits for its write across several young-generation collections,
 * and plain number arrays would be copied by each one, then promoted, while a typed array's elements
 * live outside the heap the collector moves.
 */
export interface Series {
  orgId: string;
  sensorId: string;
  paramKey: string;
  ts: Float64Array;
  values: Float64Array;
}

/** A run of points of one series: `series.ts[start..end)`. */
export interface SeriesRun {
  series: Series;
  start: number;
  end: number;
}

/** One rollup row's worth of aggregate over the points of a slice (times in ms). */
export interface RollupDelta {
  orgId: string;
  sensorId: string;
  paramKey: string;
  bucket: number;
  count: number;
  sum: number;
  min: number;
  max: number;
  firstTs: number;
  firstValue: number;
  lastTs: number;
  lastValue: number;
}

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** Bucket widths in ms, finest first (ROLLUPS order). */
const WIDTHS_MS = ROLLUPS.map((rollup) => rollup.seconds * 1000);
const MINUTE_MS = WIDTHS_MS[0] as number;

/** A slice's deltas for each rollup, in ROLLUPS order (finest first). */
export type SliceRollups = RollupDelta[][];

/**
 * Checks every point (finite value, valid time, UUID ids, one organization per sensor), groups the runs
 * into series, drops exact duplicates of an earlier point of the batch (noted in `repeated`, by
 * seriesKey; null when there were none) and notes the UTC months touched (one point each, for the
 * partition check).
 */
export function groupSeries(runs: readonly PointRun[]): {
  series: Series[];
  months: { ts: Date }[];
  repeated: Map<string, number[]> | null;
} {
  // First the series and how many points each may get, so their arrays are sized once, in one block.
  const bySensor = new Map<string, { orgId: string; params: Map<string, Building> }>();
  const building: Building[] = [];
  const owners = runs.map((run) => {
    const owner = seriesOf(run, bySensor, building);
    owner.capacity += run.ts.length;
    return owner;
  });
  const total = pointCount(runs);
  const tsBlock = new Float64Array(total);
  const valueBlock = new Float64Array(total);
  let offset = 0;
  for (const one of building) {
    one.ts = tsBlock.subarray(offset, offset + one.capacity);
    one.values = valueBlock.subarray(offset, offset + one.capacity);
    offset += one.capacity;
  }
  const months: { ts: Date }[] = [];
  let repeated: Map<string, number[]> | null = null;
  let monthFrom = 0;
  let monthTo = 0;
  runs.forEach((run, index) => {
    const current = owners[index] as Building;
    const { ts: stamps, values } = run;
    for (let i = 0; i < stamps.length; i++) {
      const ts = stamps[i] as number;
      const value = values[i] as number;
      if (!Number.isFinite(value)) throw new Error(`Telemetry value must be finite: ${value}`);
      if (Number.isNaN(ts)) throw new Error('Telemetry timestamp is invalid');
      if (ts < monthFrom || ts >= monthTo || months.length === 0) {
        const date = new Date(ts);
        monthFrom = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
        monthTo = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
        if (!months.some((month) => month.ts.getTime() === monthFrom))
          months.push({ ts: new Date(monthFrom) });
      }
      if (ts > current.last) {
        current.last = ts;
        current.seen?.add(ts);
      } else {
        current.seen ??= new Set(current.ts.subarray(0, current.count));
        if (current.seen.has(ts)) {
          repeated ??= new Map();
          noteTime(repeated, seriesKey(current.sensorId, current.paramKey), ts);
          continue;
        }
        current.seen.add(ts);
      }
      current.ts[current.count] = ts;
      current.values[current.count] = value;
      current.count++;
    }
  });
  // Rows go to the database in key order (sensor, parameter, time), whatever order the points came in:
  // every writer on every node then takes index and row locks in one order and cannot deadlock another,
  // and each series appends to one place of the primary key. Sorting series, not points, keeps it cheap;
  // only a series that received a point out of order sorts its own points.
  building.sort(compareSeries);
  const series = building.map((one): Series => {
    const done: Series = {
      orgId: one.orgId,
      sensorId: one.sensorId,
      paramKey: one.paramKey,
      ts: one.ts.subarray(0, one.count),
      values: one.values.subarray(0, one.count),
    };
    if (one.seen) sortByTime(done);
    return done;
  });
  return { series, months, repeated };
}

/** A series while its batch is grouped: room for `capacity` points, `count` filled. */
interface Building extends Series {
  capacity: number;
  count: number;
  /** The newest timestamp so far: a point after it cannot be a duplicate. */
  last: number;
  /** Every timestamp, built only once a point arrives out of order. */
  seen?: Set<number>;
}

/** The series a run's points join, made (and its ids checked) on the sensor's and parameter's first run. */
function seriesOf(
  run: PointRun,
  bySensor: Map<string, { orgId: string; params: Map<string, Building> }>,
  series: Building[],
): Building {
  let sensor = bySensor.get(run.sensorId);
  if (!sensor) {
    // Checked here, once per sensor, so a bad id fails the batch before any slice is stored.
    if (!UUID.test(run.sensorId)) throw new Error(`Telemetry sensor id is not a UUID: ${run.sensorId}`);
    if (!UUID.test(run.orgId)) throw new Error(`Telemetry organization id is not a UUID: ${run.orgId}`);
    sensor = { orgId: run.orgId, params: new Map() };
    bySensor.set(run.sensorId, sensor);
  }
  if (run.orgId !== sensor.orgId)
    throw new Error(`Sensor ${run.sensorId} appears under two organizations in one batch`);
  let current = sensor.params.get(run.paramKey);
  if (!current) {
    current = {
      orgId: sensor.orgId,
      sensorId: run.sensorId,
      paramKey: run.paramKey,
      ts: EMPTY,
      values: EMPTY,
      capacity: 0,
      count: 0,
      last: Number.NEGATIVE_INFINITY,
    };
    sensor.params.set(run.paramKey, current);
    series.push(current);
  }
  return current;
}

const EMPTY = new Float64Array(0);

function compareSeries(a: Series, b: Series): number {
  if (a.sensorId !== b.sensorId) return a.sensorId < b.sensorId ? -1 : 1;
  if (a.paramKey !== b.paramKey) return a.paramKey < b.paramKey ? -1 : 1;
  return 0;
}

/** Puts a series' points in time order (its timestamps are distinct: duplicates were dropped). */
function sortByTime(one: Series): void {
  const { ts, values } = one;
  const order = Array.from(ts, (_, i) => i).sort((a, b) => (ts[a] as number) - (ts[b] as number));
  one.ts = Float64Array.from(order, (i) => ts[i] as number);
  one.values = Float64Array.from(order, (i) => values[i] as number);
}

/**
 * What a rollup row costs next to a raw point: an upsert (index probe, row update) against a row of
 * COPY. Measured between 3 and 6 on both engines.
 */
export const ROLLUP_ROW_COST = 4;

/**
 * Cuts series into slices on demand, each of about `budget` work units: a point is one unit, and
 * each rollup row it starts (a new bucket of a rollup) adds ROLLUP_ROW_COST, so a slice takes
 * about the same time whether its points are dense or sparse in time. A series costing more than a
 * slice spans several.
 */
export class SliceCutter {
  private seriesIndex = 0;
  private pointIndex = 0;

  constructor(private readonly series: readonly Series[]) {}

  /** Whether points are left. */
  get done(): boolean {
    return this.seriesIndex >= this.series.length;
  }

  /** The next slice (empty when done). */
  next(budget: number): SeriesRun[] {
    const slice: SeriesRun[] = [];
    let room = budget;
    for (; this.seriesIndex < this.series.length; this.seriesIndex++, this.pointIndex = 0) {
      const one = this.series[this.seriesIndex]!;
      const start = this.pointIndex;
      const buckets = WIDTHS_MS.map(() => Number.NaN);
      for (let i = start; i < one.ts.length; i++) {
        const ts = one.ts[i]!;
        let cost = 1;
        // A new bucket of a coarser rollup is always a new one of the finer ones too.
        for (let level = 0; level < WIDTHS_MS.length; level++) {
          const bucket = Math.floor(ts / WIDTHS_MS[level]!);
          if (bucket === buckets[level]) break;
          buckets[level] = bucket;
          cost += ROLLUP_ROW_COST;
        }
        // Full, unless nothing is in the slice yet: every slice holds at least one point.
        if (cost > room && (i > start || slice.length > 0)) {
          if (i > start) slice.push({ series: one, start, end: i });
          this.pointIndex = i;
          return slice;
        }
        room -= cost;
      }
      if (one.ts.length > start) slice.push({ series: one, start, end: one.ts.length });
    }
    return slice;
  }
}

/** Cuts all the series into slices of about `budget` work units (see SliceCutter). */
export function sliceSeries(series: readonly Series[], budget: number): SeriesRun[][] {
  const cutter = new SliceCutter(series);
  const slices: SeriesRun[][] = [];
  while (!cutter.done) slices.push(cutter.next(budget));
  return slices;
}

/** The number of points in a slice. */
export function pointsIn(slice: readonly SeriesRun[]): number {
  let count = 0;
  for (const run of slice) count += run.end - run.start;
  return count;
}

/** The rollup deltas of a slice (SliceRollups: one list per rollup), each sorted by (sensor, parameter, bucket). */
export function aggregateSlice(slice: readonly SeriesRun[]): SliceRollups {
  const minute: RollupDelta[] = [];
  for (const { series, start, end } of slice) {
    const { ts, values } = series;
    // A series is in time order, so a minute's points follow one another: each minute is folded in local
    // variables and becomes one object. (A call per point with times and values as arguments would box
    // both on every call: 40 bytes of garbage a point.)
    for (let i = start; i < end; ) {
      const firstTs = ts[i] as number;
      const firstValue = values[i] as number;
      const bucket = Math.floor(firstTs / MINUTE_MS) * MINUTE_MS;
      const nextBucket = bucket + MINUTE_MS;
      let count = 0;
      let sum = 0;
      let min = firstValue;
      let max = firstValue;
      let lastTs = firstTs;
      let lastValue = firstValue;
      for (; i < end; i++) {
        const at = ts[i] as number;
        if (at >= nextBucket) break;
        const value = values[i] as number;
        count++;
        sum += value;
        if (value < min) min = value;
        if (value > max) max = value;
        lastTs = at;
        lastValue = value;
      }
      minute.push({
        orgId: series.orgId,
        sensorId: series.sensorId,
        paramKey: series.paramKey,
        bucket,
        count,
        sum,
        min,
        max,
        firstTs,
        firstValue,
        lastTs,
        lastValue,
      });
    }
  }
  minute.sort(compareDeltas);
  const levels = [minute];
  for (const width of WIDTHS_MS.slice(1)) levels.push(coarser(levels[levels.length - 1]!, width));
  return levels;
}

/** How many rollup rows a slice's deltas touch. */
export function deltaCount(rollups: SliceRollups): number {
  let count = 0;
  for (const deltas of rollups) count += deltas.length;
  return count;
}

/** Sorted deltas folded into buckets `width` ms wide (which whole finer buckets fill), still sorted. */
function coarser(finer: readonly RollupDelta[], width: number): RollupDelta[] {
  const out: RollupDelta[] = [];
  let last: RollupDelta | undefined;
  for (const d of finer) {
    const bucket = Math.floor(d.bucket / width) * width;
    // Sorted input: the bucket a delta folds into is the last one made, or a new one.
    if (last && last.bucket === bucket && last.sensorId === d.sensorId && last.paramKey === d.paramKey) {
      merge(last, d);
    } else {
      // Spelled out rather than spread: the same shape as a minute's delta, built without a copy loop.
      last = {
        orgId: d.orgId,
        sensorId: d.sensorId,
        paramKey: d.paramKey,
        bucket,
        count: d.count,
        sum: d.sum,
        min: d.min,
        max: d.max,
        firstTs: d.firstTs,
        firstValue: d.firstValue,
        lastTs: d.lastTs,
        lastValue: d.lastValue,
      };
      out.push(last);
    }
  }
  return out;
}

function merge(into: RollupDelta, other: RollupDelta): void {
  into.count += other.count;
  into.sum += other.sum;
  if (other.min < into.min) into.min = other.min;
  if (other.max > into.max) into.max = other.max;
  if (other.firstTs < into.firstTs) {
    into.firstTs = other.firstTs;
    into.firstValue = other.firstValue;
  }
  if (other.lastTs > into.lastTs) {
    into.lastTs = other.lastTs;
    into.lastValue = other.lastValue;
  }
}

/** Key order, the same for every writer, so concurrent upserts lock rollup rows in one order. */
function compareDeltas(a: RollupDelta, b: RollupDelta): number {
  if (a.sensorId !== b.sensorId) return a.sensorId < b.sensorId ? -1 : 1;
  if (a.paramKey !== b.paramKey) return a.paramKey < b.paramKey ? -1 : 1;
  return a.bucket - b.bucket;
}
