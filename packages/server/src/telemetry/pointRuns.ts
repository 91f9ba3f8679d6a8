/**
 * What the telemetry writer stores: runs of one sensor parameter's points, times and values side by
 * side in plain number arrays. Ingest maps a device message straight into runs (one per mapped
 * parameter), so hundreds of thousands of points a second cost a few arrays per message instead of an
 * object and a date per point, which the garbage collector would have to chase while they wait for
 * their write.
 */

/** One telemetry point, the form callers outside ingest write (tests, the benchmarks). */
export interface TelemetryPoint {
  orgId: string;
  sensorId: string;
  paramKey: string;
  ts: Date;
  value: number;
}

/**
 * Points of one sensor parameter, in arrival order; `ts` in epoch milliseconds, microseconds as the
 * fraction (the telemetry table keeps microseconds; readings stamped on arrival use them). Plain arrays where
 * they are built, Float64Arrays when they come from the decode worker (a typed array crosses threads
 * as one block of memory, a plain one as a boxed number per element).
 */
export interface PointRun {
  orgId: string;
  sensorId: string;
  paramKey: string;
  ts: ArrayLike<number>;
  values: ArrayLike<number>;
}

/** Runs of points: consecutive points of one sensor parameter share a run. */
export function runsOfPoints(points: readonly TelemetryPoint[]): PointRun[] {
  const runs: PointRun[] = [];
  let run: (PointRun & { ts: number[]; values: number[] }) | undefined;
  for (const point of points) {
    if (
      !run ||
      run.sensorId !== point.sensorId ||
      run.paramKey !== point.paramKey ||
      run.orgId !== point.orgId
    ) {
      run = { orgId: point.orgId, sensorId: point.sensorId, paramKey: point.paramKey, ts: [], values: [] };
      runs.push(run);
    }
    run.ts.push(point.ts.getTime());
    run.values.push(point.value);
  }
  return runs;
}

/** How many points the runs hold. */
export function pointCount(runs: readonly PointRun[]): number {
  let count = 0;
  for (const run of runs) count += run.ts.length;
  return count;
}

/**
 * Times a write did not store because the series already had a point at that time (the first point
 * for a time is kept, later ones are not stored), keyed by seriesKey. `stored`: a point at that time
 * was stored before this write, so none of the batch's points at it went in. `repeated`: the time came
 * more than once in the batch; the first of them went in unless the time is also in `stored`.
 */
export interface TakenTimes {
  stored: Map<string, number[]>;
  repeated: Map<string, number[]>;
}

/** What a write answers: the points it inserted, and the times it left out (absent when none). */
export interface WriteOutcome {
  inserted: number;
  taken?: TakenTimes;
}

/** The key of a series in TakenTimes. */
export function seriesKey(sensorId: string, paramKey: string): string {
  return `${sensorId} ${paramKey}`;
}

/** Notes a time of a series in one of TakenTimes' maps. */
export function noteTime(times: Map<string, number[]>, key: string, ts: number): void {
  const list = times.get(key);
  if (list) list.push(ts);
  else times.set(key, [ts]);
}
