/**
 * Dashboards' share of the demo: each project's two dashboards from its plant file, made through the
 * API (the widget configs are checked there), gauges and KPIs scaled to their parameter's range and
 * banded Normal / Warning / Alarm around the sensor's own operating level (operatingBands.ts).
 */
import { seriesKey } from '@ferrite/contracts';
import type { DemoContext, DemoSeeder } from './context';
import { operatingBands } from './operatingBands';
import { sensorTypeSpec } from './plant/catalogue';
import { sensorsOf } from './plant/fields';
import { DEMO_PLANTS } from './plant/index';
import type { ParameterSpec, SensorSpec, WidgetSpec } from './plant/types';

/** Chart buckets fine enough to show the process cycle, coarse enough to stay a few hundred points. */
const BUCKETS = { '1h': 1, '6h': 5, '24h': 15 } as const;

/** Every demo sensor by instrument tag (tags are unique across the plant). */
const SENSOR_SPECS: ReadonlyMap<string, SensorSpec> = new Map(
  DEMO_PLANTS.flatMap((plant) => sensorsOf(plant.tree)).map((sensor) => [sensor.tag, sensor]),
);

/** The level a sensor's parameter runs at: its own (a tweak) or its type's. */
export function nominalLevel(tag: string, param: ParameterSpec): number {
  return SENSOR_SPECS.get(tag)?.tweaks?.[param.key]?.base ?? param.base;
}

/** Widget config for a spec: series named after the instrument tags, unit and range from the type. */
export function widgetConfig(ctx: Pick<DemoContext, 'sensors'>, widget: WidgetSpec): Record<string, unknown> {
  const series = widget.series.map((ref) => {
    const [tag, param] = ref.split('.') as [string, string];
    const sensor = ctx.sensors.get(tag);
    if (!sensor) throw new Error(`Demo widget "${widget.title}" names an unknown sensor ${tag}`);
    const spec = sensorTypeSpec(sensor.type).parameters.find((p) => p.key === param);
    if (!spec) throw new Error(`Demo widget "${widget.title}": ${sensor.type} has no parameter ${param}`);
    return { spec, tag, key: seriesKey(sensor.id, param), sensor_id: sensor.id, param_key: param, name: tag };
  });
  const first = series[0]?.spec;
  if (!first) throw new Error(`Demo widget "${widget.title}" has no series`);
  const base = {
    title: widget.title,
    unit: first.unit,
    // The parameter's own precision: a table of angles reads "311 °", not "311.00 °".
    decimals: first.decimals,
    series: series.map(({ spec: _spec, tag: _tag, ...rest }) => rest),
  };
  switch (widget.variant) {
    case 'kpi.basic':
    case 'gauge.basic':
      return {
        ...base,
        entire_range: { min: first.min, max: first.max },
        thresholds: operatingBands(first, nominalLevel(series[0]!.tag, first)),
        show_thresholds: true,
      };
    case 'line.smooth':
    case 'area.basic': {
      const range = widget.timeRange ?? '1h';
      return { ...base, time_range: range, group_interval: BUCKETS[range], group_interval_type: 'minute' };
    }
    case 'table.latest':
      return base;
  }
}

export const dashboardsSeeder: DemoSeeder = {
  key: 'dashboards',
  async seed(ctx) {
    const base = `/dash_mgmt/orgs/${ctx.orgId}`;
    for (const plant of DEMO_PLANTS) {
      for (const spec of plant.dashboards) {
        const dashboard = await ctx.api.request<{ id: string }>('POST', `${base}/dashboards`, {
          name: spec.name,
          description: spec.description,
        });
        const panel = await ctx.api.request<{ id: string }>(
          'POST',
          `${base}/dashboards/${dashboard.id}/panels`,
          {
            name: 'Overview',
          },
        );
        for (const widget of spec.widgets) {
          await ctx.api.request(
            'POST',
            `${base}/panels/${panel.id}/widgets/${widget.variant}/widget_instances`,
            {
              config: widgetConfig(ctx, widget),
              layout: widget.layout,
            },
          );
        }
      }
    }
  },
  async clear(ctx) {
    // Panels, widgets and everything else of a dashboard go with it.
    await ctx.db.deleteFrom('dashboards').where('org_id', '=', ctx.orgId).execute();
  },
};
