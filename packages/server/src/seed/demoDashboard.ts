/**
 * The demo plant's dashboard: made through the public API once the plant's sensors exist, so the first
 * thing a newcomer opens in Dashboards is a live overview of the simulated line, not an empty list.
 */
import { seriesKey } from '@ferrite/contracts';
import type { FerriteApi } from '@ferrite/simulator';

export const DEMO_DASHBOARD_NAME = 'Line 1 Assembly: live overview';
/** How many widgets the overview panel holds. */
export const DEMO_DASHBOARD_WIDGETS = 8;

interface Placement {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface DemoWidget {
  variant: string;
  layout: Placement;
  config: Record<string, unknown>;
}

/** One series per sensor for a parameter, named after the station it sits on. */
function seriesOf(sensorIds: readonly string[], paramKey: string) {
  return sensorIds.map((sensorId, index) => ({
    key: seriesKey(sensorId, paramKey),
    sensor_id: sensorId,
    param_key: paramKey,
    name: `Station ${index + 1}`,
  }));
}

/** The overview panel: KPIs across the top, trends below, a gauge and a table beside them. */
function overviewWidgets(sensorIds: readonly string[]): DemoWidget[] {
  const first = sensorIds[0] as string;
  // The range sets where the default colour stops (10 % green, 50 % yellow, 90 % red) fall.
  const kpi = (title: string, paramKey: string, unit: string, max: number, x: number): DemoWidget => ({
    variant: 'kpi.basic',
    layout: { x, y: 0, w: 3, h: 4 },
    config: {
      title,
      unit,
      decimals: paramKey === 'pressure' ? 2 : 1,
      entire_range: { min: 0, max },
      series: seriesOf([first], paramKey),
    },
  });
  return [
    kpi('Station 1 temperature', 'temperature', '°C', 150, 0),
    kpi('Station 1 humidity', 'humidity', '%', 100, 3),
    kpi('Station 1 pressure', 'pressure', 'bar', 2.5, 6),
    kpi('Station 1 power', 'power', 'kW', 400, 9),
    {
      variant: 'line.smooth',
      layout: { x: 0, y: 4, w: 8, h: 9 },
      config: {
        title: 'Temperature by station, last hour',
        unit: '°C',
        time_range: '1h',
        group_interval: 1,
        group_interval_type: 'minute',
        series: seriesOf(sensorIds, 'temperature'),
      },
    },
    {
      variant: 'gauge.basic',
      layout: { x: 8, y: 4, w: 4, h: 9 },
      config: {
        title: 'Station 1 vibration',
        unit: 'mm/s',
        decimals: 2,
        entire_range: { min: 0, max: 12 },
        series: seriesOf([first], 'vibration'),
      },
    },
    {
      variant: 'area.basic',
      layout: { x: 0, y: 13, w: 6, h: 8 },
      config: {
        title: 'Humidity, last hour',
        unit: '%',
        time_range: '1h',
        group_interval: 1,
        group_interval_type: 'minute',
        series: seriesOf(sensorIds.slice(0, 2), 'humidity'),
      },
    },
    {
      variant: 'table.latest',
      layout: { x: 6, y: 13, w: 6, h: 8 },
      config: { title: 'Latest power by station', unit: 'kW', series: seriesOf(sensorIds, 'power') },
    },
  ];
}

/** Creates the demo dashboard over the plant's sensors; answers its id. */
export async function createDemoDashboard(
  api: FerriteApi,
  orgId: string,
  sensorIds: readonly string[],
): Promise<string> {
  const base = `/dash_mgmt/orgs/${orgId}`;
  const dashboard = await api.post<{ id: string }>(`${base}/dashboards`, {
    name: DEMO_DASHBOARD_NAME,
    description: 'The simulated plant of demo mode: four stations reporting every second.',
  });
  const panel = await api.post<{ id: string }>(`${base}/dashboards/${dashboard.id}/panels`, {
    name: 'Overview',
  });
  for (const widget of overviewWidgets(sensorIds)) {
    await api.post(`${base}/panels/${panel.id}/widgets/${widget.variant}/widget_instances`, {
      config: widget.config,
      layout: widget.layout,
    });
  }
  return dashboard.id;
}
