/**
 * The table a widget exports to CSV and XLS: for time-series widgets one row per timestamp and one
 * column per series (values after the custom formula, numbers kept as numbers); for tables the rows the
 * table shows; for text its lines.
 */

import { tableRows } from '../charts/snapshots';
import { formatValue } from '../data/format';
import { markdownToPlainLines, parseMarkdown } from '../data/markdown';
import { latestValue } from '../data/prepare';
import type { ChartContext } from '../types';
import type { Cell } from './csv';

/** Header row first, then data rows. */
export function exportRows(ctx: ChartContext): Cell[][] {
  const { variant, series, config } = ctx;
  if (variant.kind === 'table') return tableRows(ctx);
  if (variant.kind === 'text') {
    const value = formatValue(latestValue(series[0]), config.decimals, config.unit);
    return [
      ['Text'],
      ...markdownToPlainLines(parseMarkdown(config.text_content, value)).map((line) => [line]),
    ];
  }
  const times = [...new Set(series.flatMap((s) => s.points.map(([ts]) => ts)))].sort((a, b) => a - b);
  const lookup = series.map((s) => new Map(s.points));
  return [
    ['Timestamp', ...series.map((s) => (s.unit ? `${s.name} (${s.unit})` : s.name))],
    ...times.map((ts) => [new Date(ts).toISOString(), ...lookup.map((m) => m.get(ts) ?? null)]),
  ];
}
