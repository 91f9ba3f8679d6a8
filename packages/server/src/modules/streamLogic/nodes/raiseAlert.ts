/**
 * Sink: raises an alert through the Alerts module (its notifications, acknowledgement and history),
 * one open alert per chain node and sensor: repeats update it rather than open another.
 */
import { ALERT_SEVERITIES } from '@ferrite/contracts';
import { z } from 'zod';
import { defineNode, type NodeResult } from './defineNode';
import { errorText, IN_ANY, OUT_ANY, SINK } from './style';
import { fillTemplate, PLACEHOLDERS } from './template';

const configSchema = z.object({
  severity: z
    .enum(ALERT_SEVERITIES, { error: `severity must be one of ${ALERT_SEVERITIES.join(', ')}` })
    .meta({ title: 'Severity', description: 'How serious the alert is.' }),
  message: z
    .string({ error: 'message must be text' })
    .min(1, { error: 'message is empty: say what happened' })
    .max(1000, { error: 'message is longer than 1000 characters' })
    .meta({ title: 'Message', description: `What the alert says. ${PLACEHOLDERS}`, widget: 'textarea' }),
});
type Config = z.infer<typeof configSchema>;

export const raiseAlert = defineNode<Config>({
  type: 'raise_alert',
  name: 'Raise alert',
  ...SINK,
  description:
    'Raises an alert (with its notifications) for the sensor of each message; one open alert per sensor.',
  logo: 'Bell',
  inputs: IN_ANY,
  outputs: OUT_ANY,
  configSchema,
  defaultConfig: { severity: 'warning', message: '{{sensor}}: {{key}} is {{value}}' },
  async run(ctx, config, inputs) {
    const ids = [...new Set(inputs.flatMap(({ message }) => (message.sensor_id ? [message.sensor_id] : [])))];
    const sensors = ids.length > 0 ? await ctx.services.sensors.get(ctx.orgId, ids) : new Map();
    // Within a batch only a sensor's latest message raises: earlier ones would be updated away at once.
    const latest = new Map<string, number>();
    inputs.forEach(({ message }, index) => {
      latest.set(message.sensor_id ?? '', index);
    });
    const results: NodeResult[] = inputs.map(({ message }) => ({ outputs: [{ output: 'out', message }] }));
    await Promise.all(
      [...latest].map(async ([sensorId, index]) => {
        const { message } = inputs[index] as (typeof inputs)[number];
        const description = fillTemplate(config.message, message, sensors.get(sensorId)?.name);
        if (ctx.dryRun) {
          ctx.effect(`would raise a ${config.severity} alert: ${description}`);
          return;
        }
        try {
          await ctx.services.sinks.raiseAlert(ctx.orgId, {
            dedupeKey: `stream:${ctx.pipelineId}:${ctx.nodeId}:${sensorId}`,
            severity: config.severity,
            description,
            sensorId: message.sensor_id,
            paramKey: message.key,
            value: message.value,
          });
          ctx.effect(`raised a ${config.severity} alert: ${description}`);
        } catch (error) {
          results[index] = { outputs: [], error: `Raising the alert failed: ${errorText(error)}` };
        }
      }),
    );
    return results;
  },
});
