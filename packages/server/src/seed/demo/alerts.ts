/**
 * Alerts' share of the demo: rules on the plant that make the app's point within minutes, written
 * through the app's own routes. P-101's drive-end bearing runs rough (plant/boilerHouse.ts gives its
 * vibration a higher level than P-102's), so "Bearing vibration in ISO 10816 zone C", one rule over every
 * Bearing monitor, fires for P-101 within the first minutes (and stays active until someone acts) and
 * not for P-102; the others show the other
 * kinds of condition (a band, a rate of change, silence, a CEL expression) and a maintenance window.
 */
import type { RuleBody } from '@ferrite/contracts';
import type { DemoContext, DemoSeeder } from './context';

/** The rule names, so tests and the journey can find them. */
export const DEMO_RULES = {
  bearingVibration: 'Bearing vibration in ISO 10816 zone C',
  bearingHeating: 'Bearing heating up fast',
  drumPressure: 'Steam drum pressure out of band',
  palletizerSilent: 'Palletizer silent',
  fillerOverweight: 'Filler overfilling at speed',
} as const;

async function typeId(ctx: DemoContext, name: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('entity_types')
    .select('id')
    .where('org_id', '=', ctx.orgId)
    .where('kind', '=', 'sensor')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

function sensorId(ctx: DemoContext, tag: string): string {
  const sensor = ctx.sensors.get(tag);
  if (!sensor) throw new Error(`The demo has no sensor ${tag}`);
  return sensor.id;
}

async function demoRules(ctx: DemoContext): Promise<RuleBody[]> {
  const admin = { user_ids: [ctx.adminId], group_ids: [], addresses: [] };
  return [
    {
      rule_name: DEMO_RULES.bearingVibration,
      description:
        'Velocity above 4.5 mm/s (ISO 10816 zone C) for a minute on any pump bearing: plan an inspection.',
      severity: 'critical',
      message: '{{sensor}} ({{asset_path}}): vibration {{value}} mm/s {{threshold}} since {{time}}',
      data: {
        scope: { kind: 'sensor_type', type_id: await typeId(ctx, 'Bearing monitor') },
        condition: { op: 'gt', param: 'vibration', value: 4.5 },
        for_s: 60,
        clear: { kind: 'hysteresis', amount: 0.6 },
        schedule: null,
      },
      policy: {
        name: 'Maintenance on call',
        group_wait_s: 0,
        group_interval_s: 300,
        repeat_interval_s: 3_600,
        escalation: [],
      },
      grouping: 'sensor',
      media: ['in_app', 'email', 'sms'],
      recipients: { ...admin, addresses: ['+4915112345678'] },
    },
    {
      rule_name: DEMO_RULES.bearingHeating,
      description: 'A bearing housing warming by 6 °C within 10 minutes is running dry.',
      severity: 'major',
      data: {
        scope: { kind: 'sensor_type', type_id: await typeId(ctx, 'Bearing monitor') },
        // The plant's own swings stay under 4 °C in 10 minutes; a dry-running bearing does not.
        condition: { op: 'rate', param: 'bearing_temperature', direction: 'rise', amount: 6, window_s: 600 },
        for_s: 30,
        clear: { kind: 'hysteresis', amount: 2 },
        schedule: null,
      },
      grouping: 'sensor',
      media: ['in_app'],
      recipients: admin,
    },
    {
      rule_name: DEMO_RULES.drumPressure,
      description: 'Drum pressure outside 8.5–12 bar during staffed hours.',
      severity: 'warning',
      data: {
        scope: { kind: 'sensor_type', type_id: await typeId(ctx, 'Steam drum monitor') },
        condition: { op: 'outside', param: 'pressure', min: 8.5, max: 12 },
        for_s: 120,
        clear: { kind: 'inverse' },
        schedule: { days: [1, 2, 3, 4, 5], from: '06:00', to: '22:00', timezone: 'Europe/Berlin' },
      },
      grouping: 'asset',
      media: ['in_app', 'email'],
      recipients: admin,
    },
    {
      rule_name: DEMO_RULES.palletizerSilent,
      description: 'No layer rate from the palletizer for two minutes: its gateway or the line is down.',
      severity: 'major',
      data: {
        scope: { kind: 'sensor', sensor_id: sensorId(ctx, 'PZ-301') },
        condition: { op: 'no_data', param: 'layer_rate', for_s: 120 },
        for_s: 0,
        clear: { kind: 'inverse' },
        schedule: null,
      },
      grouping: 'sensor',
      media: ['in_app', 'whatsapp'],
      recipients: { ...admin, addresses: ['+4915112345678'] },
    },
    {
      rule_name: DEMO_RULES.fillerOverweight,
      description: 'Fill weight well above target while the line runs: check the dosing valve.',
      severity: 'minor',
      data: {
        scope: { kind: 'sensor_type', type_id: await typeId(ctx, 'Filler weighing cell') },
        condition: { op: 'expression', expression: 'fill_weight > 505.5 && flow > 200.0' },
        for_s: 30,
        clear: { kind: 'inverse' },
        schedule: null,
      },
      grouping: 'rule',
      media: ['in_app'],
      recipients: admin,
    },
  ];
}

async function assetId(ctx: DemoContext, name: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('entities')
    .select('id')
    .where('org_id', '=', ctx.orgId)
    .where('kind', '=', 'asset')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Saturday 06:00-14:00 UTC of the coming week: P-102's bearing change, so its alerts stay quiet then. */
function nextSaturdayWindow(now: Date): { starts_at: string; ends_at: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 6));
  start.setUTCDate(start.getUTCDate() + ((6 - start.getUTCDay() + 7) % 7 || 7));
  return { starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 8 * 3_600_000).toISOString() };
}

export const alertsSeeder: DemoSeeder = {
  key: 'alerts',
  async seed(ctx) {
    for (const rule of await demoRules(ctx))
      await ctx.api.request('POST', `/alert/orgs/${ctx.orgId}/rules`, rule);
    // A row, as the Role Manager's people are: the silence only needs the asset's id.
    await ctx.db
      .insertInto('alert_silences')
      .values({
        org_id: ctx.orgId,
        matcher_kind: 'asset',
        matcher_id: await assetId(ctx, 'Feed-water pump P-102'),
        ...nextSaturdayWindow(new Date()),
        comment: 'P-102 bearing change (work order 4711)',
        created_by: ctx.adminId,
      })
      .execute();
  },
  async clear(ctx) {
    await ctx.db.deleteFrom('alert_silences').where('org_id', '=', ctx.orgId).execute();
    await ctx.db.deleteFrom('alerts').where('org_id', '=', ctx.orgId).execute();
    await ctx.db.deleteFrom('alert_rules').where('org_id', '=', ctx.orgId).execute();
  },
};
