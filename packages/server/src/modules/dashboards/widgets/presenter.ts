/** Widget instance rows → contract DTOs: the stored settings resolved over the variant's defaults. */
import {
  findWidgetVariant,
  safeResolveWidgetConfig,
  WIDGET_TIME_RANGE_MS,
  type WidgetBinding,
  type WidgetConfig,
  type WidgetInstance,
  type WidgetQueryDefaults,
} from '@ferrite/contracts';
import { iso } from '../../../platform/isoTime';
import { layoutItem } from '../panels/presenter';
import type { WidgetRow } from './repository';

/** The complete config of an instance (a variant that left the catalogue contributes no defaults). */
export function resolvedConfig(widgetId: string, stored: unknown): WidgetConfig {
  return safeResolveWidgetConfig(findWidgetVariant(widgetId) ?? { defaults: {} }, stored);
}

/** The sensor parameters a config's series read, in series order, each once. */
export function bindingsOf(config: WidgetConfig): WidgetBinding[] {
  const seen = new Set<string>();
  const bindings: WidgetBinding[] = [];
  for (const series of config.series) {
    if (!series.sensor_id || !series.param_key) continue;
    const key = `${series.sensor_id}:${series.param_key}`;
    if (seen.has(key)) continue;
    seen.add(key);
    bindings.push({ sensor_id: series.sensor_id, param_key: series.param_key });
  }
  return bindings;
}

/** The read query a config implies. */
export function queryDefaultsOf(config: WidgetConfig): WidgetQueryDefaults {
  return {
    aggregate_func: config.aggregate_func,
    group_interval: config.group_interval,
    group_interval_type: config.group_interval_type,
    type: config.last === null ? 'aggregate' : 'raw',
    range_seconds: Math.round(WIDGET_TIME_RANGE_MS[config.time_range] / 1000),
    last: config.last,
  };
}

/** A widget instance as the API answers it. */
export function presentWidget(row: WidgetRow): WidgetInstance {
  const config = resolvedConfig(row.widget_id, row.config);
  return {
    id: row.id,
    dashboard_id: row.dashboard_id,
    panel_id: row.panel_id,
    subpanel_id: row.subpanel_id,
    widget_id: row.widget_id,
    title: config.title || findWidgetVariant(row.widget_id)?.name || row.widget_id,
    config,
    bindings: bindingsOf(config),
    query: queryDefaultsOf(config),
    layout: layoutItem(row.id, row.layout),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
