/** Source: the durable readings of chosen sensors, of every sensor of a type, or of everything under an asset. */
import { z } from 'zod';
import { defineNode } from './defineNode';
import { OUT_READING, SOURCE } from './style';
import { paramKeySet, paramKeysField, runSensorIds, runsToMessages } from './telemetry';

const scopeSchema = z.discriminatedUnion(
  'kind',
  [
    z
      .object({
        kind: z.literal('sensors'),
        sensor_ids: z
          .array(z.string().min(1, { error: 'scope.sensor_ids: a sensor id is empty' }), {
            error: 'scope.sensor_ids must be a list of sensor ids',
          })
          .meta({
            title: 'Sensors',
            description: 'The sensors whose readings enter the chain.',
            picker: 'sensors',
          }),
      })
      .meta({ title: 'Chosen sensors' }),
    z
      .object({
        kind: z.literal('sensor_type'),
        type_id: z
          .string({ error: 'scope.type_id must be a sensor type id' })
          .min(1, { error: 'scope.type_id: pick a sensor type' })
          .meta({
            title: 'Sensor type',
            description: 'Every sensor of this type or of its sub-types.',
            picker: 'sensor_type',
          }),
      })
      .meta({ title: 'Every sensor of a type' }),
    z
      .object({
        kind: z.literal('asset'),
        asset_id: z
          .string({ error: 'scope.asset_id must be an asset id' })
          .min(1, { error: 'scope.asset_id: pick an asset' })
          .meta({ title: 'Asset', description: 'Every sensor anywhere under this asset.', picker: 'asset' }),
      })
      .meta({ title: 'Everything under an asset' }),
  ],
  { error: "scope.kind must be 'sensors', 'sensor_type' or 'asset'" },
);

const configSchema = z.object({
  scope: scopeSchema.meta({
    title: 'Which sensors',
    description: 'Chosen sensors, a sensor type, or an asset.',
  }),
  param_keys: paramKeysField,
});
type Config = z.infer<typeof configSchema>;

const idSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function idSet(ids: readonly string[]): ReadonlySet<string> {
  let found = idSets.get(ids);
  if (!found) {
    found = new Set(ids);
    idSets.set(ids, found);
  }
  return found;
}

export const sensorTelemetry = defineNode<Config>({
  type: 'sensor_telemetry',
  name: 'Sensor telemetry',
  ...SOURCE,
  description:
    'Every stored reading of the chosen sensors, of all sensors of a type, or of all sensors under an asset, one message per value.',
  logo: 'Database',
  inputs: [],
  outputs: OUT_READING,
  configSchema,
  defaultConfig: { scope: { kind: 'sensors', sensor_ids: [] }, param_keys: [] },
  async check(ctx, config) {
    const { scope } = config;
    if (scope.kind === 'sensors') {
      if (scope.sensor_ids.length === 0) return ['scope.sensor_ids: pick at least one sensor'];
      return (await ctx.services.sensors.exist(ctx.orgId, 'sensor', scope.sensor_ids))
        ? []
        : ['scope.sensor_ids: a sensor does not exist in this organization'];
    }
    if (scope.kind === 'sensor_type') {
      return (await ctx.services.sensors.exist(ctx.orgId, 'sensor_type', [scope.type_id]))
        ? []
        : ['scope.type_id: the sensor type does not exist in this organization'];
    }
    return (await ctx.services.sensors.exist(ctx.orgId, 'asset', [scope.asset_id]))
      ? []
      : ['scope.asset_id: the asset does not exist in this organization'];
  },
  source: {
    async fromTelemetry(ctx, config, runs) {
      const { scope } = config;
      const keys = paramKeySet(config.param_keys);
      if (scope.kind === 'sensors') {
        const ids = idSet(scope.sensor_ids);
        return runsToMessages(ctx.orgId, runs, keys, (id) => ids.has(id));
      }
      const sensors = await ctx.services.sensors.get(ctx.orgId, runSensorIds(ctx.orgId, runs));
      const takes =
        scope.kind === 'sensor_type'
          ? (id: string) => sensors.get(id)?.typeIds.includes(scope.type_id) === true
          : (id: string) => sensors.get(id)?.assetIds.includes(scope.asset_id) === true;
      return runsToMessages(ctx.orgId, runs, keys, takes);
    },
    async sensorIds(_ctx, config) {
      return config.scope.kind === 'sensors' ? idSet(config.scope.sensor_ids) : null;
    },
  },
  run: () => [],
});
