/** From the API's series and the socket's live values to drawable series (spec §3 widget series). */
import {
  applyCustomFormula,
  SCATTER_SECOND_SERIES,
  type WidgetConfig,
  type WidgetData,
  type WidgetSeries,
} from '@ferrite/contracts';
import { PALETTES } from '../theme';
import type { LiveValues, PreparedSeries } from '../types';

/** The data series a configured one reads: by key when it has one, else by position. */
function dataFor(config: WidgetSeries, index: number, data: WidgetData | undefined) {
  if (!data) return undefined;
  if (config.key) return data.series.find((s) => s.key === config.key);
  return data.series[index];
}

/**
 * Prepared series of a widget: one per configured series (or per data series when none is configured),
 * custom formula y = m·x + c applied, the live value appended when it is newer than the last point.
 */
export function prepareSeries(config: WidgetConfig, data: WidgetData | undefined, live?: LiveValues): PreparedSeries[] {
  const palette = PALETTES[config.palette];
  const configured: Array<{ conf: WidgetSeries | undefined; raw: WidgetData['series'][number] | undefined }> =
    config.series.length > 0
      ? config.series.map((conf, i) => ({ conf, raw: dataFor(conf, i, data) }))
      : (data?.series ?? []).map((raw) => ({ conf: undefined, raw }));
  return configured.map(({ conf, raw }, i) => {
    const key = conf?.key || raw?.key || `series-${i + 1}`;
    const formula = conf?.custom_formula;
    const points: Array<[number, number]> = [];
    for (const p of raw?.points ?? []) {
      const ts = Date.parse(p.ts);
      if (Number.isFinite(ts) && Number.isFinite(p.value)) points.push([ts, applyCustomFormula(p.value, formula)]);
    }
    points.sort((a, b) => a[0] - b[0]);
    const latest = live?.[key];
    if (latest) {
      const ts = Date.parse(latest.ts);
      const last = points[points.length - 1];
      if (Number.isFinite(ts) && (!last || ts > last[0])) points.push([ts, applyCustomFormula(latest.value, formula)]);
    }
    return {
      key,
      name: conf?.name || conf?.param_key || raw?.key || `Series ${i + 1}`,
      color: conf?.color ?? palette[i % palette.length] ?? '#3b4cc0',
      axis: conf?.axes ?? 'left',
      unit: conf?.unit || config.unit,
      points,
    };
  });
}

/**
 * Spec §9: a scatter plot's axes are split into two series; the second is green and named 'Test'. The
 * first keeps the first bound parameter's name and colour; the second plots the second bound parameter
 * (empty while only one is bound), so the legend always shows both.
 */
export function splitScatterSeries(series: readonly PreparedSeries[]): [PreparedSeries, PreparedSeries] {
  const first = series[0] ?? { key: 'series-1', name: 'Series 1', color: PALETTES.default[0]!, axis: 'left', unit: '', points: [] };
  const second = series[1];
  return [
    first,
    {
      key: second?.key ?? 'test',
      name: SCATTER_SECOND_SERIES.name,
      color: SCATTER_SECOND_SERIES.color,
      axis: second?.axis ?? 'left',
      unit: second?.unit ?? first.unit,
      points: second?.points ?? [],
    },
  ];
}

/** The newest value of a series, or null. */
export function latestValue(series: PreparedSeries | undefined): number | null {
  const last = series?.points[series.points.length - 1];
  return last ? last[1] : null;
}

/** The value before the newest, or the first of the window, for KPI comparisons. */
export function comparisonValue(series: PreparedSeries | undefined, mode: WidgetConfig['kpi_compare']): number | null {
  if (!series || mode === 'none' || series.points.length < 2) return null;
  const point = mode === 'previous' ? series.points[series.points.length - 2] : series.points[0];
  return point ? point[1] : null;
}

/** True when no series has a point. */
export function hasNoPoints(series: readonly PreparedSeries[]): boolean {
  return series.every((s) => s.points.length === 0);
}
