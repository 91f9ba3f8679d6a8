/**
 * Sink: stores each reading as telemetry of a (virtual) sensor, so dashboards, alerts and reports see
 * it like any measured value. One write per batch.
 */
import { z } from 'zod';
import { defineNode, type NodeResult } from './defineNode';
import { IN_READING, OUT_ANY, SINK } from './style';

const configSchema = z.object({
  sensor_id: z
    .string({ error: 'sensor_id must be a sensor id' })
    .meta({ title: 'Sensor', description: 'The sensor the values are stored under.', picker: 'sensor' }),
  param_key: z
    .string({ error: 'param_key must be text' })
    .min(1, { error: 'param_key: name the parameter the values are stored as' })
    .max(64, { error: 'param_key is longer than 64 characters' })
    .meta({
      title: 'Parameter',
      description: 'The parameter key the values are stored as, e.g. temperature_f.',
    }),
});
type Config = z.infer<typeof configSchema>;

export const virtualSensor = defineNode<Config>({
  type: 'virtual_sensor',
  name: 'Write virtual sensor',
  ...SINK,
  description: 'Stores each value as a reading of a sensor, so dashboards, alerts and reports can use it.',
  logo: 'DeviceFloppy',
  inputs: IN_READING,
  outputs: OUT_ANY,
  configSchema,
  defaultConfig: { sensor_id: '', param_key: 'value' },
  async check(ctx, config) {
    if (!config.sensor_id) return ['sensor_id: pick the sensor to write'];
    return (await ctx.services.sensors.exist(ctx.orgId, 'sensor', [config.sensor_id]))
      ? []
      : ['sensor_id: the sensor does not exist in this organization'];
  },
  async run(ctx, config, inputs) {
    const points: { sensorId: string; paramKey: string; ts: number; value: number }[] = [];
    const results = inputs.map(({ message }): NodeResult => {
      if (typeof message.value !== 'number' || !Number.isFinite(message.value)) {
        return { outputs: [], error: 'The message has no numeric value to store' };
      }
      points.push({
        sensorId: config.sensor_id,
        paramKey: config.param_key,
        ts: message.ts,
        value: message.value,
      });
      return { outputs: [{ output: 'out', message }] };
    });
    if (points.length === 0) return results;
    const what = `${points.length} value${points.length === 1 ? '' : 's'} as ${config.param_key} of sensor ${config.sensor_id}`;
    if (ctx.dryRun) {
      ctx.effect(`would store ${what}`);
      return results;
    }
    try {
      await ctx.services.sinks.writeReadings(ctx.orgId, points);
      ctx.effect(`stored ${what}`);
      return results;
    } catch (error) {
      const text = `Storing failed: ${error instanceof Error ? error.message : String(error)}`;
      return results.map((result) => (result.error ? result : { outputs: [], error: text }));
    }
  },
});
