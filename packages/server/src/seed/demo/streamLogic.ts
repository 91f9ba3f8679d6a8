/**
 * Stream Logic's share of the demo: two running chains on P-101, the wearing feed-water pump, made
 * through the app's own routes, and the values they derive on the pump-health dashboard.
 * - "P-101 bearing temperature in °F": the bearing temperature through a formula (1.8·x + 32) into a
 *   virtual sensor, live within seconds of the plant starting.
 * - "P-101 vibration trend": the vibration's 1-minute average into a virtual sensor, and an alert when
 *   that average climbs past 5.5 mm/s (the bearing's wear creeps it up; single readings swing past it anyway).
 * The virtual sensor "P-101 derived values" sits under the pump, with a type of its own whose
 * parameters are the two derived series.
 */
import { type ChainConnection, type ChainNode, type CreatePipelineBody, seriesKey } from '@ferrite/contracts';
import { sql } from 'kysely';
import type { DemoContext, DemoSeeder } from './context';

/** The chain names, so tests and the journey can find them. */
export const DEMO_CHAINS = {
  fahrenheit: 'P-101 bearing temperature in °F',
  vibrationTrend: 'P-101 vibration trend',
} as const;
export const DEMO_VIRTUAL_SENSOR = 'P-101 derived values';
/** The widgets this seeder adds to the pump-health dashboard. */
export const DEMO_DERIVED_WIDGETS = 2;
/** The project the chains and the virtual sensor belong to. */
export const DEMO_VIRTUAL_SENSOR_PROJECT = 'Boiler House';
const PROJECT = DEMO_VIRTUAL_SENSOR_PROJECT;
const DASHBOARD = 'Boiler House: pump health';

function sensorId(ctx: DemoContext, tag: string): string {
  const sensor = ctx.sensors.get(tag);
  if (!sensor) throw new Error(`The demo has no sensor ${tag}`);
  return sensor.id;
}

function projectId(ctx: DemoContext): string {
  const id = ctx.projects.get(PROJECT);
  if (!id) throw new Error(`The demo has no project ${PROJECT}`);
  return id;
}

/** A node at a column of the editor's grid. */
function node(
  id: string,
  type: string,
  name: string,
  column: number,
  row: number,
  config: object,
): ChainNode {
  return { id, type, name, config: { ...config }, position: { x: 40 + column * 260, y: 60 + row * 140 } };
}

function wire(source: string, target: string, sourceOutput = 'out', targetInput = 'in'): ChainConnection {
  return {
    id: `${source}-${target}`,
    source,
    source_output: sourceOutput,
    target,
    target_input: targetInput,
  };
}

/** The virtual sensor's type and the sensor itself, under P-101. */
async function virtualSensor(ctx: DemoContext): Promise<string> {
  const base = `/entity_mgmt/orgs/${ctx.orgId}`;
  const type = await ctx.api.request<{ id: string }>('POST', `${base}/sensor_types`, {
    name: 'Derived values',
    description: 'Values Stream Logic computes from measured ones (virtual sensor).',
    parameters: [
      { key: 'bearing_temperature_f', data_type: 'number', unit: '°F' },
      { key: 'vibration_avg_1m', data_type: 'number', unit: 'mm/s' },
    ],
  });
  const pump = await ctx.db
    .selectFrom('entities')
    .select(['id', 'latitude', 'longitude'])
    .where('org_id', '=', ctx.orgId)
    .where('kind', '=', 'asset')
    .where('name', '=', 'Feed-water pump P-101')
    .executeTakeFirstOrThrow();
  // On the Entity Map at its pump.
  const location =
    pump.latitude === null || pump.longitude === null
      ? null
      : { latitude: pump.latitude, longitude: pump.longitude };
  const sensor = await ctx.api.request<{ id: string }>('POST', `${base}/projects/${projectId(ctx)}/sensors`, {
    name: DEMO_VIRTUAL_SENSOR,
    type_id: type.id,
    parent_id: pump.id,
    location,
    description:
      'Written by the Stream Logic chains on P-101: °F bearing temperature, 1-minute vibration average.',
  });
  return sensor.id;
}

function demoChains(ctx: DemoContext, virtualId: string): CreatePipelineBody[] {
  const monitor = sensorId(ctx, 'VT-101');
  return [
    {
      name: DEMO_CHAINS.fahrenheit,
      description:
        'The bearing temperature in °F for the US service partner: m · x + c into a virtual sensor.',
      enabled: true,
      actions: [
        node('bearing', 'sensor_telemetry', 'P-101 bearing temperature', 0, 0, {
          scope: { kind: 'sensors', sensor_ids: [monitor] },
          param_keys: ['bearing_temperature'],
        }),
        node('fahrenheit', 'formula', '°C → °F', 1, 0, { mode: 'linear', m: 1.8, c: 32 }),
        node('store', 'virtual_sensor', 'Store as °F', 2, 0, {
          sensor_id: virtualId,
          param_key: 'bearing_temperature_f',
        }),
      ],
      connections: [wire('bearing', 'fahrenheit'), wire('fahrenheit', 'store')],
    },
    {
      name: DEMO_CHAINS.vibrationTrend,
      description:
        'A 1-minute average of the bearing vibration, stored, and an alert when the average (not a single peak) climbs past 5.5 mm/s.',
      enabled: true,
      actions: [
        node('vibration', 'sensor_telemetry', 'P-101 vibration', 0, 0, {
          scope: { kind: 'sensors', sensor_ids: [monitor] },
          param_keys: ['vibration'],
        }),
        node('average', 'window', '1-minute average', 1, 0, {
          mode: 'tumbling',
          size_s: 60,
          aggregate: 'avg',
          group_by: 'sensor',
        }),
        node('store', 'virtual_sensor', 'Store the average', 2, 0, {
          sensor_id: virtualId,
          param_key: 'vibration_avg_1m',
        }),
        node('climbing', 'filter', 'Average above 5.5 mm/s', 2, 1, { expression: 'value > 5.5' }),
        node('alert', 'raise_alert', 'Alert maintenance', 3, 1, {
          severity: 'major',
          message: 'P-101 vibration 1-minute average is {{value}} mm/s and climbing: plan the bearing change',
        }),
      ],
      connections: [
        wire('vibration', 'average'),
        wire('average', 'store'),
        wire('average', 'climbing'),
        wire('climbing', 'alert', 'pass'),
      ],
    },
  ];
}

/** The derived values on the pump-health dashboard, below its charts. */
async function dashboardWidgets(ctx: DemoContext, virtualId: string): Promise<void> {
  const panel = await ctx.db
    .selectFrom('dashboard_panels')
    .innerJoin('dashboards', 'dashboards.id', 'dashboard_panels.dashboard_id')
    .select('dashboard_panels.id')
    .where('dashboards.org_id', '=', ctx.orgId)
    .where('dashboards.name', '=', DASHBOARD)
    .executeTakeFirstOrThrow();
  const series = (param: string, name: string) => ({
    key: seriesKey(virtualId, param),
    sensor_id: virtualId,
    param_key: param,
    name,
  });
  const base = `/dash_mgmt/orgs/${ctx.orgId}/panels/${panel.id}/widgets`;
  await ctx.api.request('POST', `${base}/kpi.basic/widget_instances`, {
    config: {
      title: 'P-101 bearing (°F, Stream Logic)',
      unit: '°F',
      decimals: 1,
      series: [series('bearing_temperature_f', 'P-101 °F')],
    },
    layout: { x: 0, y: 17, w: 3, h: 6 },
  });
  await ctx.api.request('POST', `${base}/line.smooth/widget_instances`, {
    config: {
      title: 'P-101 vibration, 1-minute average (Stream Logic)',
      unit: 'mm/s',
      decimals: 2,
      series: [series('vibration_avg_1m', 'P-101 1-min average')],
      time_range: '1h',
      group_interval: 1,
      group_interval_type: 'minute',
    },
    layout: { x: 3, y: 17, w: 9, h: 9 },
  });
}

export const streamLogicSeeder: DemoSeeder = {
  key: 'streamLogic',
  async seed(ctx) {
    const virtualId = await virtualSensor(ctx);
    for (const chain of demoChains(ctx, virtualId))
      await ctx.api.request('POST', `/stream_process/${projectId(ctx)}/pipelines`, chain);
    await dashboardWidgets(ctx, virtualId);
  },
  async clear(ctx) {
    await ctx.db.deleteFrom('pipelines').where('org_id', '=', ctx.orgId).execute();
    // The dashboards seeder finished before this one: only the widgets this seeder added go.
    await sql`delete from dashboard_widgets where org_id = ${ctx.orgId} and config->>'title' like '%(Stream Logic)'`.execute(
      ctx.db,
    );
    await ctx.db
      .deleteFrom('entities')
      .where('org_id', '=', ctx.orgId)
      .where('kind', '=', 'sensor')
      .where('name', '=', DEMO_VIRTUAL_SENSOR)
      .execute();
    await ctx.db
      .deleteFrom('entity_types')
      .where('org_id', '=', ctx.orgId)
      .where('name', '=', 'Derived values')
      .execute();
  },
};
