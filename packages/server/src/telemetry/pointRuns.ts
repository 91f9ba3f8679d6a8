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
 * Points of one sensor parameter, in arrival order; `ts` in epoch milliseconds. Plain arrays where
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
