/**
 * Logic: joins two streams by time. Each side's latest value is kept in the shared state; a message
 * on one side that finds the other side's value within the tolerance sends `{ a, b }`.
 */
import type { ChainMessage } from '@ferrite/contracts';
import { z } from 'zod';
import { defineNode, type NodeResult } from './defineNode';
import { LOGIC, socket } from './style';

const configSchema = z.object({
  tolerance_s: z
    .number({ error: 'tolerance_s must be a number of seconds' })
    .min(0, { error: 'tolerance_s must be 0 or more' })
    .max(86_400, { error: 'tolerance_s must be at most one day' })
    .meta({
      title: 'Tolerance (s)',
      description: 'How far apart in time an A and a B value may be to be joined.',
    }),
});
type Config = z.infer<typeof configSchema>;

type Side = 'a' | 'b';
interface Latest {
  ts: number;
  value: unknown;
}

/** What a side contributes: its value, or its payload when it carries no number. */
function contribution(message: ChainMessage): unknown {
  return message.value ?? message.payload ?? null;
}

export const merge = defineNode<Config>({
  type: 'merge',
  name: 'Merge',
  ...LOGIC,
  description:
    'Joins two streams by time: when A and B both have a value within the tolerance, sends { a, b } together.',
  logo: 'ArrowMerge',
  inputs: [socket('a', 'A', 'any', true), socket('b', 'B', 'any', true)],
  outputs: [socket('out', 'Out', 'object')],
  configSchema,
  defaultConfig: { tolerance_s: 5 },
  async run(ctx, config, inputs) {
    const { state } = ctx.services;
    const stored = await state.get(ctx.pipelineId, ctx.nodeId, ['a', 'b']);
    const latest: Record<Side, Latest | undefined> = { a: stored.get('a'), b: stored.get('b') };
    const changed = new Set<Side>();
    const tolerance = config.tolerance_s * 1000;
    const results = inputs.map(({ input, message }): NodeResult => {
      if (input !== 'a' && input !== 'b') return { outputs: [], error: `Unknown input ${input}` };
      const mine = { ts: message.ts, value: contribution(message) };
      const kept = latest[input];
      if (!kept || kept.ts <= mine.ts) {
        latest[input] = mine;
        changed.add(input);
      }
      const other = latest[input === 'a' ? 'b' : 'a'];
      if (!other || Math.abs(other.ts - mine.ts) > tolerance) return { outputs: [] };
      const [a, b] = input === 'a' ? [mine, other] : [other, mine];
      return {
        outputs: [
          {
            output: 'out',
            message: {
              ts: Math.max(a.ts, b.ts),
              sensor_id: message.sensor_id,
              key: message.key,
              value: null,
              payload: { a: a.value, b: b.value },
            },
          },
        ],
      };
    });
    await Promise.all(
      [...changed].map((side) => {
        const kept = latest[side] as Latest;
        return state.put(ctx.pipelineId, ctx.nodeId, side, kept.ts, kept.value);
      }),
    );
    return results;
  },
});
