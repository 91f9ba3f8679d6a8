/** Source: the durable readings of every sensor a gateway's mapping writes to. */
import { z } from 'zod';
import { defineNode } from './defineNode';
import { OUT_READING, SOURCE } from './style';
import { paramKeySet, paramKeysField, runsToMessages } from './telemetry';

const configSchema = z.object({
  gateway_id: z
    .string({ error: 'gateway_id must be a gateway id' })
    .meta({ title: 'Gateway', description: 'The gateway whose sensors feed the chain.', picker: 'gateway' }),
  param_keys: paramKeysField,
});
type Config = z.infer<typeof configSchema>;

export const gatewayTelemetry = defineNode<Config>({
  type: 'gateway_telemetry',
  name: 'Gateway telemetry',
  ...SOURCE,
  description: 'Every stored reading of the sensors a gateway sends data for, one message per value.',
  logo: 'Router',
  inputs: [],
  outputs: OUT_READING,
  configSchema,
  defaultConfig: { gateway_id: '', param_keys: [] },
  async check(ctx, config) {
    if (!config.gateway_id) return ['gateway_id: pick a gateway'];
    return (await ctx.services.sensors.exist(ctx.orgId, 'gateway', [config.gateway_id]))
      ? []
      : ['gateway_id: the gateway does not exist in this organization'];
  },
  source: {
    async fromTelemetry(ctx, config, runs) {
      if (!config.gateway_id) return [];
      const sensors = await ctx.services.sensors.ofGateway(ctx.orgId, config.gateway_id);
      return runsToMessages(ctx.orgId, runs, paramKeySet(config.param_keys), (id) => sensors.has(id));
    },
    async sensorIds(ctx, config) {
      return config.gateway_id ? ctx.services.sensors.ofGateway(ctx.orgId, config.gateway_id) : new Set();
    },
  },
  run: () => [],
});
