/**
 * Image-export drawings of the HTML widgets (KPI, table, lamp, progress, text, image, controls): the same
 * content as ECharts graphic elements, so every widget exports to PNG, JPEG, SVG and PDF the same way.
 */
import { resolveEntireRange, thresholdForValue } from '@ferrite/contracts';
import { formatDelta, formatTimestamp, formatValue } from '../data/format';
import { markdownToPlainLines, parseMarkdown } from '../data/markdown';
import { comparisonValue, latestValue } from '../data/prepare';
import { summarize } from '../data/stats';
import type { EChartsOption } from '../echarts';
import { themedTextStyle, WIDGET_COLORS } from '../theme';
import type { ChartContext } from '../types';
import { valueColor } from './gauges';

type Graphic = Record<string, unknown>;
const text = (x: number, y: number, value: string, style: Graphic = {}): Graphic => ({
  type: 'text',
  x,
  y,
  silent: true,
  style: { text: value, ...style },
});

function option(elements: Graphic[]): EChartsOption {
  return { graphic: elements } as EChartsOption;
}

/** KPI: the value big, its change below. */
export function kpiSnapshot(ctx: ChartContext): EChartsOption {
  const { config, width, height } = ctx;
  const colors = WIDGET_COLORS[ctx.theme];
  const value = latestValue(ctx.series[0]);
  const before = comparisonValue(ctx.series[0], config.kpi_compare);
  const size = Math.max(18, Math.min(56, height * 0.35));
  const elements = [
    text(width / 2, height / 2 - size * 0.2, formatValue(value, config.decimals, config.unit), {
      fill: valueColor(value, config, colors.text),
      fontSize: size,
      fontWeight: 'bold',
      align: 'center',
      verticalAlign: 'middle',
    }),
  ];
  if (value !== null && before !== null) {
    const delta = value - before;
    elements.push(
      text(width / 2, height / 2 + size * 0.6, formatDelta(delta, config.decimals), {
        fill: delta >= 0 ? '#2b8a3e' : '#c92a2a',
        fontSize: 13,
        align: 'center',
      }),
    );
  }
  return option(elements);
}

/** Table: header and rows as text columns. */
export function tableSnapshot(ctx: ChartContext, rows: string[][]): EChartsOption {
  const colors = WIDGET_COLORS[ctx.theme];
  const columns = rows[0]?.length ?? 1;
  const colWidth = ctx.width / columns;
  const rowHeight = 22;
  const visible = rows.slice(0, Math.max(1, Math.floor(ctx.height / rowHeight)));
  return option(
    visible.flatMap((row, r) =>
      row.map((cell, c) =>
        text(c * colWidth + 6, r * rowHeight + 5, cell, {
          fill: r === 0 ? colors.muted : colors.text,
          fontWeight: r === 0 ? 'bold' : 'normal',
          fontSize: 12,
          width: colWidth - 12,
          overflow: 'truncate',
        }),
      ),
    ),
  );
}

/** Rows of a table widget: latest values, summaries or history (shared with the renderer and CSV). */
export function tableRows(ctx: Pick<ChartContext, 'config' | 'series'>): string[][] {
  const { config, series } = ctx;
  const f = (v: number | null) => formatValue(v, config.decimals);
  if (config.table_summary) {
    return [
      ['Series', 'Min', 'Max', 'Average', 'Last', 'Unit'],
      ...series.map((s) => {
        const st = summarize(s.points.map(([, v]) => v));
        return [s.name, f(st.min), f(st.max), f(st.avg), f(st.last), s.unit];
      }),
    ];
  }
  if (config.last === 1) {
    return [
      ['Series', 'Time', 'Value', 'Unit'],
      ...series.map((s) => {
        const last = s.points[s.points.length - 1];
        return [s.name, last ? formatTimestamp(last[0]) : '—', f(last?.[1] ?? null), s.unit];
      }),
    ];
  }
  const times = [...new Set(series.flatMap((s) => s.points.map(([ts]) => ts)))].sort((a, b) =>
    config.table_newest_first ? b - a : a - b,
  );
  const lookup = series.map((s) => new Map(s.points));
  return [
    ['Time', ...series.map((s) => (s.unit ? `${s.name} (${s.unit})` : s.name))],
    ...times
      .slice(0, config.table_rows)
      .map((ts) => [formatTimestamp(ts), ...lookup.map((m) => f(m.get(ts) ?? null))]),
  ];
}

/** Status lamp: a coloured shape and its range text. */
export function lampSnapshot(ctx: ChartContext): EChartsOption {
  const { config, width, height } = ctx;
  const colors = WIDGET_COLORS[ctx.theme];
  const value = latestValue(ctx.series[0]);
  const row = thresholdForValue(value, config.thresholds, config.data_type);
  const r = Math.max(10, Math.min(width, height) * 0.28);
  const cx = width / 2;
  const cy = height / 2 - 10;
  const fill = row?.shapeColor ?? row?.color ?? colors.track;
  const shape =
    row?.shapeType === 'square'
      ? { type: 'rect', shape: { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, r: 4 } }
      : row?.shapeType === 'triangle'
        ? {
            type: 'polygon',
            shape: {
              points: [
                [cx, cy - r],
                [cx + r, cy + r * 0.8],
                [cx - r, cy + r * 0.8],
              ],
            },
          }
        : { type: 'circle', shape: { cx, cy, r } };
  return option([
    { ...shape, silent: true, style: { fill, stroke: colors.surface, lineWidth: 2 } },
    text(cx, cy + r + 8, row?.rangeText || formatValue(value, config.decimals, config.unit), {
      fill: colors.text,
      fontSize: 13,
      align: 'center',
    }),
  ]);
}

/** Progress: a track and a fill with the percentage. */
export function progressSnapshot(ctx: ChartContext): EChartsOption {
  const { config, width, height } = ctx;
  const colors = WIDGET_COLORS[ctx.theme];
  const value = latestValue(ctx.series[0]);
  const { min, max } = resolveEntireRange(config.entire_range);
  const share = value === null ? 0 : Math.min(1, Math.max(0, (value - min) / (max - min || 1)));
  const fill = valueColor(value, config, '#3b4cc0');
  const barY = height / 2;
  return option([
    {
      type: 'rect',
      silent: true,
      shape: { x: 8, y: barY, width: width - 16, height: 14, r: 7 },
      style: { fill: colors.track },
    },
    {
      type: 'rect',
      silent: true,
      shape: { x: 8, y: barY, width: (width - 16) * share, height: 14, r: 7 },
      style: { fill },
    },
    text(8, barY - 28, formatValue(value, config.decimals, config.unit), {
      fill: colors.text,
      fontSize: 18,
      fontWeight: 'bold',
    }),
    text(width - 8, barY - 22, `${Math.round(share * 100)}%`, {
      fill: colors.muted,
      fontSize: 12,
      align: 'right',
    }),
  ]);
}

/** Text: the plain lines of the markdown. */
export function textSnapshot(ctx: ChartContext): EChartsOption {
  const value = formatValue(latestValue(ctx.series[0]), ctx.config.decimals, ctx.config.unit);
  const lines = markdownToPlainLines(parseMarkdown(ctx.config.text_content, value));
  const colors = WIDGET_COLORS[ctx.theme];
  const size = Number.parseInt(ctx.config.text_settings.fontSize, 10);
  return option(
    lines.map((line, i) =>
      text(8, 8 + i * (size + 6), line, {
        fill: themedTextStyle(ctx.config.text_settings, ctx.theme).color || colors.text,
        fontSize: size,
        fontWeight: ctx.config.text_settings.isBold ? 'bold' : 'normal',
        fontStyle: ctx.config.text_settings.isItalic ? 'italic' : 'normal',
        width: ctx.width - 16,
        overflow: 'truncate',
      }),
    ),
  );
}

/** Image: the picture itself (same-origin or CORS-enabled sources export; others leave the frame empty). */
export function imageSnapshot(ctx: ChartContext): EChartsOption {
  if (!ctx.config.image_url)
    return option([
      text(ctx.width / 2, ctx.height / 2, 'No image', {
        fill: WIDGET_COLORS[ctx.theme].muted,
        align: 'center',
      }),
    ]);
  return option([
    {
      type: 'image',
      silent: true,
      style: { image: ctx.config.image_url, x: 0, y: 0, width: ctx.width, height: ctx.height },
    },
  ]);
}

/** Controls: the control's label on a button-like shape. */
export function controlSnapshot(ctx: ChartContext, label: string): EChartsOption {
  const { width, height } = ctx;
  const accent = ctx.config.accent_color ?? '#3b4cc0';
  const w = Math.min(width - 16, 200);
  return option([
    {
      type: 'rect',
      silent: true,
      shape: { x: (width - w) / 2, y: height / 2 - 18, width: w, height: 36, r: 8 },
      style: { fill: accent },
    },
    text(width / 2, height / 2, label, {
      fill: '#ffffff',
      fontSize: 14,
      fontWeight: 'bold',
      align: 'center',
      verticalAlign: 'middle',
    }),
  ]);
}
