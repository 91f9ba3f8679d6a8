/**
 * Test-only: a saved dashboard, a panel and a widget instance as the server sends them, for the
 * canvas's tests and the views that draw it (the Dashboards app, the shared view).
 */
import {
  type Dashboard,
  DEFAULT_GRID_SETTINGS,
  findWidgetVariant,
  type PanelDetail,
  resolveWidgetConfig,
  seriesKey,
  type WidgetInstance,
} from '@ferrite/contracts';

export const DASHBOARD_ID = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a10';
export const PANEL_ID = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a20';
export const SENSOR_ID = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a30';
export const WIDGET_ID = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a40';

const NOW = '2026-05-01T10:00:00.000Z';

/** A saved dashboard; override what a test cares about. */
export function dashboardFixture(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    id: DASHBOARD_ID,
    name: 'Line 1 overview',
    description: 'Climate and power',
    theme: 'default',
    is_archived: false,
    layout: DEFAULT_GRID_SETTINGS,
    panel_count: 1,
    widget_count: 1,
    created_by: { id: '3f1c1f7e-4a55-4e1b-9d47-2b8e5f0c9a11', name: 'Ada Admin', email: 'ada@example.com' },
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

/** A widget instance of a catalogue variant bound to SENSOR_ID's parameter. */
export function instanceFixture(
  variantId = 'kpi.basic',
  param = 'power',
  overrides: Partial<WidgetInstance> = {},
): WidgetInstance {
  const variant = findWidgetVariant(variantId);
  if (!variant) throw new Error(`no variant ${variantId}`);
  const series = [{ key: seriesKey(SENSOR_ID, param), sensor_id: SENSOR_ID, param_key: param, name: param }];
  const config = resolveWidgetConfig(variant, { title: 'Power', series });
  return {
    id: WIDGET_ID,
    dashboard_id: DASHBOARD_ID,
    panel_id: PANEL_ID,
    subpanel_id: null,
    widget_id: variantId,
    title: 'Power',
    config,
    bindings: [{ sensor_id: SENSOR_ID, param_key: param }],
    query: {
      aggregate_func: config.aggregate_func,
      group_interval: config.group_interval,
      group_interval_type: config.group_interval_type,
      type: config.last === null ? 'aggregate' : 'raw',
      range_seconds: 86_400,
      last: config.last,
    },
    layout: { i: WIDGET_ID, x: 0, y: 0, w: 4, h: 6 },
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

/** A panel holding these widgets. */
export function panelFixture(widgets: WidgetInstance[] = [instanceFixture()]): PanelDetail {
  return {
    id: PANEL_ID,
    dashboard_id: DASHBOARD_ID,
    name: 'Overview',
    order: 0,
    created_at: NOW,
    updated_at: NOW,
    subpanels: [],
    widget_instances: widgets,
    command_widgets: [],
  };
}
