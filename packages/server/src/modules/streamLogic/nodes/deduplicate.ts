/**
 * Logic: drops repeats. `dedupe` drops a value equal to the group's last one within the interval;
 * `throttle` lets at most one message per group through per interval. What passed is claimed in the
 * shared state, so two nodes of the cluster agree on it.
 */
import type { ChainMessage } from '@ferrite/contracts';
import { z } from 'zod';
import { defineNode, type NodeContext, type NodeInput, type NodeResult } from './defineNode';
import { IN_ANY, LOGIC, OUT_ANY } from './style';

const configSchema = z.object({
  mode: z.enum(['dedupe', 'throttle'], { error: "mode must be 'dedupe' or 'throttle'" }).meta({
    title: 'Mode',
    description: 'Dedupe: drop unchanged values. Throttle: at most one message per interval.',
  }),
  interval_s: z
    .number({ error: 'interval_s must be a number of seconds' })
    .positive({ error: 'interval_s must be more than 0' })
    .max(30 * 86_400, { error: 'interval_s must be at most 30 days' })
    .meta({
      title: 'Interval (s)',
      description: 'Dedupe: how long an unchanged value stays dropped. Throttle: the minimum gap.',
    }),
  group_by: z
    .enum(['sensor', 'key', 'chain'], { error: "group_by must be 'sensor', 'key' or 'chain'" })
    .default('sensor')
    .meta({ title: 'Per', description: 'Judged per sensor and key, per key, or for everything together.' }),
});
type Config = z.infer<typeof configSchema>;

function groupOf(groupBy: Config['group_by'], message: ChainMessage): string {
  if (groupBy === 'chain') return '*';
  if (groupBy === 'key') return `k:${message.key}`;
  return `s:${message.sensor_id ?? ''}:${message.key}`;
}

/** What dedupe compares: the value, or the payload when there is none. */
function sameness(message: ChainMessage): unknown {
  return message.value ?? JSON.stringify(message.payload ?? null);
}

// Claims compare times strictly; readings carry microseconds as the fraction, so this is "at or before".
const EPSILON = 0.001;

export const deduplicate = defineNode<Config>({
  type: 'deduplicate',
  name: 'Deduplicate / throttle',
  ...LOGIC,
  description:
    'Drops a value that did not change (dedupe), or lets at most one message through per interval (throttle).',
  logo: 'CopyOff',
  inputs: IN_ANY,
  outputs: OUT_ANY,
  configSchema,
  defaultConfig: { mode: 'dedupe', interval_s: 60, group_by: 'sensor' },
  async run(ctx, config, inputs) {
    const results: NodeResult[] = inputs.map(() => ({ outputs: [] }));
    const groups = new Map<string, number[]>();
    inputs.forEach((input, index) => {
      const group = groupOf(config.group_by, input.message);
      const found = groups.get(group);
      if (found) found.push(index);
      else groups.set(group, [index]);
    });
    const known =
      config.mode === 'dedupe'
        ? await ctx.services.state.get(ctx.pipelineId, ctx.nodeId, [...groups.keys()])
        : null;
    // Groups are independent: judge them side by side, each in arrival order.
    await Promise.all(
      [...groups].map(([group, indexes]) =>
        judgeGroup(ctx, config, group, indexes, inputs, results, known?.get(group)),
      ),
    );
    return results;
  },
});

async function judgeGroup(
  ctx: NodeContext,
  config: Config,
  group: string,
  indexes: number[],
  inputs: readonly NodeInput[],
  results: NodeResult[],
  stored: { ts: number; value: unknown } | undefined,
): Promise<void> {
  const interval = config.interval_s * 1000;
  let last = stored ? { ts: stored.ts, value: stored.value } : null;
  for (const index of indexes) {
    const message = (inputs[index] as NodeInput).message;
    const value = sameness(message);
    // Decided here first, so only messages that may pass cost a claim.
    const mayPass =
      !last ||
      (config.mode === 'throttle'
        ? message.ts - last.ts >= interval
        : value !== last.value || message.ts - last.ts >= interval);
    if (!mayPass) continue;
    const ifBefore = config.mode === 'throttle' ? message.ts - interval + EPSILON : message.ts;
    if (!(await ctx.services.state.claim(ctx.pipelineId, ctx.nodeId, group, message.ts, value, ifBefore)))
      continue;
    last = { ts: message.ts, value };
    (results[index] as NodeResult).outputs.push({ output: 'out', message });
  }
}
