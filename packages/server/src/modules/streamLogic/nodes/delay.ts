/**
 * Logic: holds each message for a while, then sends it on. Held messages live in the shared state
 * (a restart or another node sends them); sending takes them out once.
 */
import { randomUUID } from 'node:crypto';
import type { ChainMessage } from '@ferrite/contracts';
import { z } from 'zod';
import { defineNode } from './defineNode';
import { IN_ANY, LOGIC, OUT_ANY } from './style';

const configSchema = z.object({
  delay_s: z
    .number({ error: 'delay_s must be a number of seconds' })
    .positive({ error: 'delay_s must be more than 0' })
    .max(86_400, { error: 'delay_s must be at most one day' })
    .meta({ title: 'Delay (s)', description: 'How long each message is held before it is sent on.' }),
});
type Config = z.infer<typeof configSchema>;

export const delay = defineNode<Config>({
  type: 'delay',
  name: 'Delay',
  ...LOGIC,
  description: 'Holds each message for a number of seconds, then sends it on unchanged.',
  logo: 'HourglassHigh',
  inputs: IN_ANY,
  outputs: OUT_ANY,
  configSchema,
  defaultConfig: { delay_s: 10 },
  async run(ctx, config, inputs) {
    const dueAt = ctx.now() + config.delay_s * 1000;
    const { state } = ctx.services;
    await Promise.all(
      inputs.map(({ message }) =>
        state.put(ctx.pipelineId, ctx.nodeId, `${dueAt}:${randomUUID()}`, dueAt, message),
      ),
    );
    return inputs.map(() => ({ outputs: [] }));
  },
  async due(ctx) {
    const due = await ctx.services.state.takeDue(ctx.pipelineId, ctx.nodeId, ctx.now());
    return due.map((entry) => ({ output: 'out', message: entry.value as ChainMessage }));
  },
});
