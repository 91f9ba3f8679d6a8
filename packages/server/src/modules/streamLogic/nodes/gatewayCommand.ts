/** Sink: sends a command to a gateway (e.g. switch a relay) for each message, its value from a template. */
import type { ChainMessage } from '@ferrite/contracts';
import { z } from 'zod';
import { defineNode } from './defineNode';
import { actOnEach } from './sinkEach';
import { IN_ANY, OUT_ANY, SINK } from './style';
import { fillTemplate, PLACEHOLDERS } from './template';

const configSchema = z.object({
  gateway_id: z
    .string({ error: 'gateway_id must be a gateway id' })
    .meta({ title: 'Gateway', description: 'The gateway that receives the command.', picker: 'gateway' }),
  name: z
    .string({ error: 'name must be text' })
    .min(1, { error: 'name: name the command' })
    .max(100, { error: 'name is longer than 100 characters' })
    .meta({ title: 'Command', description: 'The command name the gateway understands, e.g. set_relay.' }),
  value: z
    .string({ error: 'value must be text' })
    .max(2000, { error: 'value is longer than 2000 characters' })
    .meta({
      title: 'Value',
      description: `What the command carries. ${PLACEHOLDERS} A number or JSON after filling is sent as such.`,
      widget: 'textarea',
    }),
});
type Config = z.infer<typeof configSchema>;

/** The filled template, as a number or JSON when it reads as one (`{{value}}` alone sends the number). */
function commandValue(template: string, message: ChainMessage): unknown {
  const text = fillTemplate(template, message);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const gatewayCommand = defineNode<Config>({
  type: 'gateway_command',
  name: 'Gateway command',
  ...SINK,
  description: 'Sends a command to a gateway for each message (e.g. switch a pump off when it runs hot).',
  logo: 'Send',
  inputs: IN_ANY,
  outputs: OUT_ANY,
  configSchema,
  defaultConfig: { gateway_id: '', name: 'set', value: '{{value}}' },
  async check(ctx, config) {
    if (!config.gateway_id) return ['gateway_id: pick the gateway to command'];
    return (await ctx.services.sensors.exist(ctx.orgId, 'gateway', [config.gateway_id]))
      ? []
      : ['gateway_id: the gateway does not exist in this organization'];
  },
  run: (ctx, config, inputs) =>
    actOnEach(
      ctx,
      inputs,
      (message) =>
        `send ${config.name} = ${JSON.stringify(commandValue(config.value, message))} to gateway ${config.gateway_id}`,
      async (message) => {
        const value = commandValue(config.value, message);
        const id = await ctx.services.sinks.sendCommand(ctx.orgId, config.gateway_id, config.name, value);
        return `sent ${config.name} = ${JSON.stringify(value)} to gateway ${config.gateway_id} (command ${id})`;
      },
    ),
});
