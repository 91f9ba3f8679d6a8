/** Source: a tick every N seconds (once across the cluster), carrying a fixed JSON payload. */
import { z } from 'zod';
import { defineNode } from './defineNode';
import { handledAlready, markHandled } from './dueMemo';
import { SOURCE, socket } from './style';

const configSchema = z.object({
  every_s: z
    .number({ error: 'every_s must be a number of seconds' })
    .int({ error: 'every_s must be whole seconds' })
    .min(1, { error: 'every_s must be at least 1 second' })
    .max(7 * 86_400, { error: 'every_s must be at most 7 days' })
    .meta({ title: 'Every (s)', description: 'How often a tick is sent, in seconds.' }),
  payload: z
    .unknown()
    .optional()
    .meta({ title: 'Payload', description: 'JSON each tick carries (optional).', widget: 'code' }),
});
type Config = z.infer<typeof configSchema>;

export const schedule = defineNode<Config>({
  type: 'schedule',
  name: 'Schedule',
  ...SOURCE,
  description:
    'Sends a "tick" message every few seconds, minutes or hours, e.g. to send a command on a timer.',
  logo: 'Clock',
  inputs: [],
  outputs: [socket('out', 'Tick', 'object')],
  configSchema,
  defaultConfig: { every_s: 60, payload: {} },
  run: () => [],
  async due(ctx, config) {
    const every = config.every_s * 1000;
    const tick = Math.floor(ctx.now() / every) * every;
    if (handledAlready(ctx, tick)) return [];
    // The tick's time is its key's state: only the node whose claim moves it forward sends it.
    const won = await ctx.services.state.claim(ctx.pipelineId, ctx.nodeId, 'tick', tick, null, tick);
    markHandled(ctx, tick);
    if (!won) return [];
    return [
      {
        output: 'out',
        message: { ts: tick, sensor_id: null, key: 'tick', value: null, payload: config.payload ?? null },
      },
    ];
  },
});
