/**
 * Folds the live values that arrived after a widget's data was read into that data, so charts move
 * without reading again (issue 7: "widgets update live without polling"), by the rule every live chart
 * shares (app/liveSeries.ts).
 */
import { seriesKey, type WidgetData, type WidgetInstanceDataResponse } from '@ferrite/contracts';
import { foldLive, foldsLive } from '../../app/liveSeries';
import type { LivePoint } from './liveStore';

/**
 * The widget's data with the live points folded in; the same object when nothing new arrived, so a
 * renderer does not redraw for nothing.
 */
export function mergeLive(
  response: Pick<WidgetInstanceDataResponse, 'query' | 'series'>,
  live: ReadonlyMap<string, readonly LivePoint[]>,
  base: WidgetData,
): WidgetData {
  const { query } = response;
  if (!foldsLive(query)) return base;
  let changed = false;
  const series = response.series.map((s, i) => {
    const fresh = live.get(seriesKey(s.sensor_id, s.param_key));
    const current = base.series[i] ?? { key: s.key, points: [] };
    if (!fresh?.length) return current;
    const points = foldLive(current.points, fresh, query);
    if (points !== current.points) changed = true;
    return { key: current.key, points };
  });
  return changed ? { series } : base;
}

/** The response's series as the renderer reads them. */
export function widgetDataOf(response: Pick<WidgetInstanceDataResponse, 'series'>): WidgetData {
  return { series: response.series.map((s) => ({ key: s.key, points: s.points })) };
}
