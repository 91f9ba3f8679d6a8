/** Pure statistics behind the histogram, box plot, candlestick, heatmap, table summary and trend line. */

/** Equal-width bins over [min, max]; the last bin takes max. */
export function histogram(values: readonly number[], bins: number): Array<{ from: number; to: number; count: number }> {
  if (values.length === 0 || bins < 1) return [];
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const width = max === min ? 1 : (max - min) / bins;
  const out = Array.from({ length: bins }, (_, i) => ({ from: min + i * width, to: min + (i + 1) * width, count: 0 }));
  for (const v of values) {
    const index = Math.min(bins - 1, Math.floor((v - min) / width));
    out[index]!.count += 1;
  }
  return out;
}

/** The q-quantile (0..1) of sorted values, linearly interpolated. */
function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** [min, Q1, median, Q3, max] of the values, or null when there are none. */
export function fiveNumberSummary(values: readonly number[]): [number, number, number, number, number] | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return [sorted[0]!, quantile(sorted, 0.25), quantile(sorted, 0.5), quantile(sorted, 0.75), sorted[sorted.length - 1]!];
}

/** Points grouped by a key function, groups in first-seen order. */
export function groupPoints<K>(points: ReadonlyArray<[number, number]>, keyOf: (ts: number) => K): Map<K, number[]> {
  const groups = new Map<K, number[]>();
  for (const [ts, value] of points) {
    const key = keyOf(ts);
    const list = groups.get(key);
    if (list) list.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}

/** Open, close, low, high (ECharts' order) of each bucket of `bucketMs`, oldest first. */
export function candles(
  points: ReadonlyArray<[number, number]>,
  bucketMs: number,
): Array<{ ts: number; open: number; close: number; low: number; high: number }> {
  const out: Array<{ ts: number; open: number; close: number; low: number; high: number }> = [];
  for (const [ts, value] of points) {
    const bucket = Math.floor(ts / bucketMs) * bucketMs;
    const last = out[out.length - 1];
    if (last && last.ts === bucket) {
      last.close = value;
      last.low = Math.min(last.low, value);
      last.high = Math.max(last.high, value);
    } else {
      out.push({ ts: bucket, open: value, close: value, low: value, high: value });
    }
  }
  return out;
}

/** A bucket length that gives about `target` candles over the points' span (at least a minute). */
export function candleBucketMs(points: ReadonlyArray<[number, number]>, target = 40): number {
  if (points.length < 2) return 3_600_000;
  const span = points[points.length - 1]![0] - points[0]![0];
  const steps = [60_000, 300_000, 900_000, 1_800_000, 3_600_000, 4 * 3_600_000, 86_400_000, 7 * 86_400_000];
  return steps.find((s) => span / s <= target) ?? steps[steps.length - 1]!;
}

/** Least-squares line through the points, or null for fewer than two distinct x. */
export function linearRegression(points: ReadonlyArray<[number, number]>): { slope: number; intercept: number } | null {
  const n = points.length;
  if (n < 2) return null;
  let sx = 0;
  let sy = 0;
  for (const [x, y] of points) {
    sx += x;
    sy += y;
  }
  const mx = sx / n;
  const my = sy / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  if (den === 0) return null;
  const slope = num / den;
  return { slope, intercept: my - slope * mx };
}

/** Min, max, mean and last of values (nulls when empty). */
export function summarize(values: readonly number[]): { min: number | null; max: number | null; avg: number | null; last: number | null } {
  if (values.length === 0) return { min: null, max: null, avg: null, last: null };
  let min = values[0]!;
  let max = values[0]!;
  let sum = 0;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  return { min, max, avg: sum / values.length, last: values[values.length - 1]! };
}

/**
 * Heatmap cells: hour of day × day (hour_day) or day of month × month (day_month), the mean of the values
 * falling in each cell. Returns the axis labels and [x, y, value] cells.
 */
export function heatmapCells(
  points: ReadonlyArray<[number, number]>,
  layout: 'hour_day' | 'day_month',
): { x: string[]; y: string[]; cells: Array<[number, number, number]> } {
  const yKeys: string[] = [];
  const sums = new Map<string, { sum: number; n: number; x: number; y: number }>();
  const pad = (n: number) => String(n).padStart(2, '0');
  for (const [ts, value] of points) {
    const d = new Date(ts);
    const yKey = layout === 'hour_day' ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
    let y = yKeys.indexOf(yKey);
    if (y < 0) {
      yKeys.push(yKey);
      y = yKeys.length - 1;
    }
    const x = layout === 'hour_day' ? d.getHours() : d.getDate() - 1;
    const cellKey = `${x}:${y}`;
    const cell = sums.get(cellKey) ?? { sum: 0, n: 0, x, y };
    cell.sum += value;
    cell.n += 1;
    sums.set(cellKey, cell);
  }
  const x = layout === 'hour_day' ? Array.from({ length: 24 }, (_, h) => `${pad(h)}:00`) : Array.from({ length: 31 }, (_, d) => String(d + 1));
  return { x, y: yKeys, cells: [...sums.values()].map((c) => [c.x, c.y, c.sum / c.n]) };
}
