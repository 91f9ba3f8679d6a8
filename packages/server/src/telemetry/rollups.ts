/**
 * The rollup tables, finest first, and the bucket widths they keep (UTC buckets aligned to the Unix
 * epoch). Each width divides the next, so a coarser bucket is whole finer ones. Six hours nests in a
 * day, a week and a month, and turns a year into 1,460 rows: a year-long chart reads those instead of
 * 8,760 hourly rows (on PGlite, per-row work in WebAssembly is what a long window costs).
 */
export const ROLLUPS = [
  { table: 'telemetry_1m', seconds: 60 },
  { table: 'telemetry_1h', seconds: 3600 },
  { table: 'telemetry_6h', seconds: 21_600 },
] as const;

export type Rollup = (typeof ROLLUPS)[number];
export type RollupTable = Rollup['table'];

/** The rollups whose buckets nest exactly in buckets of `bucketSeconds`, coarsest first. */
export function rollupsFor(bucketSeconds: number | 'month'): Rollup[] {
  // Months start at UTC midnight, which every rollup's buckets divide.
  const nesting = ROLLUPS.filter(
    (rollup) => bucketSeconds === 'month' || bucketSeconds % rollup.seconds === 0,
  );
  return nesting.reverse();
}
