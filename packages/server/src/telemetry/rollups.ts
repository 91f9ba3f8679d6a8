/** The rollup tables and the bucket widths they keep (UTC buckets aligned to the Unix epoch). */
export const ROLLUPS = [
  { table: 'telemetry_1m', seconds: 60 },
  { table: 'telemetry_1h', seconds: 3600 },
] as const;

export type RollupTable = (typeof ROLLUPS)[number]['table'];

/** The coarsest rollup whose buckets nest exactly in buckets of `bucketSeconds`, if any. */
export function rollupFor(bucketSeconds: number | 'month'): (typeof ROLLUPS)[number] | undefined {
  if (bucketSeconds === 'month') return ROLLUPS[1];
  return [...ROLLUPS].reverse().find((rollup) => bucketSeconds % rollup.seconds === 0);
}
