/** Between a widget config's series and the binding rows of the editor. */
import { seriesKey, type WidgetConfig, type WidgetSeries, widgetSeriesSchema } from '@ferrite/contracts';
import { type Binding, newBinding } from './BindingRows';

/** The rows for a config: one per bound series, or one empty row. */
export function bindingsOf(
  series: readonly WidgetSeries[],
  names: ReadonlyMap<string, string> = new Map(),
): Binding[] {
  const rows = series
    .filter((s) => s.sensor_id && s.param_key)
    .map((s) => ({
      ...newBinding(),
      sensorId: s.sensor_id,
      paramKey: s.param_key,
      sensorName: (s.sensor_id && names.get(s.sensor_id)) || s.name || undefined,
      unit: s.unit || undefined,
    }));
  return rows.length > 0 ? rows : [newBinding()];
}

/** Whether every row names a sensor and a parameter. */
export function bindingsComplete(bindings: readonly Binding[]): boolean {
  return bindings.length > 0 && bindings.every((b) => b.sensorId && b.paramKey);
}

/**
 * The config with its series bound as the rows say: a series already bound to the same parameter keeps
 * its display settings (name, colour, axis, formula); a new one is named after the sensor and parameter.
 */
export function applyBindings(config: WidgetConfig, bindings: readonly Binding[]): WidgetConfig {
  const before = new Map(
    config.series.map((s) => [
      s.key || (s.sensor_id && s.param_key ? seriesKey(s.sensor_id, s.param_key) : ''),
      s,
    ]),
  );
  const series = bindings
    .filter((b): b is Binding & { sensorId: string; paramKey: string } => Boolean(b.sensorId && b.paramKey))
    .map((b) => {
      const key = seriesKey(b.sensorId, b.paramKey);
      const kept = before.get(key);
      if (kept) return { ...kept, key, sensor_id: b.sensorId, param_key: b.paramKey };
      return widgetSeriesSchema.parse({
        key,
        sensor_id: b.sensorId,
        param_key: b.paramKey,
        name: (b.sensorName ? `${b.sensorName} · ${b.paramKey}` : b.paramKey).slice(0, 120),
        unit: b.unit ?? '',
      });
    });
  const unit = config.unit || series[0]?.unit || '';
  return { ...config, series, unit };
}
