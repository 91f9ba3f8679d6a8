/**
 * Logic: aggregates readings over time windows (tumbling or sliding). `run` folds a batch into bucket
 * additions stored in one call (shared by every node of the cluster); `due` claims what closed and
 * sends one reading per group, timed at the window's end.
 */
import type { ChainMessage } from '@ferrite/contracts';
import { z } from 'zod';
import type { BucketAddition, ClaimedBucket } from '../engine/services';
import { defineNode, type NodeContext, type NodeOutput, type NodeResult } from './defineNode';
import { handledAlready, markHandled } from './dueMemo';
import { IN_READING, LOGIC, OUT_READING } from './style';

const AGGREGATES = ['avg', 'min', 'max', 'sum', 'count', 'first', 'last'] as const;
type Aggregate = (typeof AGGREGATES)[number];

const configSchema = z
  .object({
    mode: z.enum(['tumbling', 'sliding'], { error: "mode must be 'tumbling' or 'sliding'" }).meta({
      title: 'Window',
      description: 'Tumbling: back-to-back windows. Sliding: a window that moves every hop.',
    }),
    size_s: z
      .number({ error: 'size_s must be a number of seconds' })
      .int({ error: 'size_s must be whole seconds' })
      .min(1, { error: 'size_s must be at least 1 second' })
      .max(7 * 86_400, { error: 'size_s must be at most 7 days' })
      .meta({ title: 'Size (s)', description: 'How long each window is, in seconds.' }),
    hop_s: z
      .number({ error: 'hop_s must be a number of seconds' })
      .int({ error: 'hop_s must be whole seconds' })
      .min(1, { error: 'hop_s must be at least 1 second' })
      .optional()
      .meta({
        title: 'Hop (s)',
        description: 'Sliding windows: how often a result is sent; divides the size.',
      }),
    aggregate: z.enum(AGGREGATES, { error: `aggregate must be one of ${AGGREGATES.join(', ')}` }).meta({
      title: 'Aggregate',
      description: 'What each window sends: the average, minimum, maximum, sum, count, first or last value.',
    }),
    group_by: z
      .enum(['sensor', 'key', 'chain'], { error: "group_by must be 'sensor', 'key' or 'chain'" })
      .default('sensor')
      .meta({
        title: 'Per',
        description: 'One result per sensor and key, per key across sensors, or one for everything.',
      }),
    out_key: z.string({ error: 'out_key must be text' }).optional().meta({
      title: 'Output key',
      description: 'The key of the results (e.g. temperature_avg_1m); empty keeps the input key.',
    }),
  })
  .superRefine((config, ctx) => {
    if (config.mode !== 'sliding') return;
    if (config.hop_s === undefined)
      ctx.addIssue({ code: 'custom', path: ['hop_s'], message: 'hop_s: a sliding window needs a hop' });
    else if (config.hop_s > config.size_s || config.size_s % config.hop_s !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['hop_s'],
        message: 'hop_s must divide size_s (e.g. size 60, hop 10)',
      });
    }
  });
type Config = z.infer<typeof configSchema>;

function groupKey(groupBy: Config['group_by'], message: ChainMessage): string {
  if (groupBy === 'chain') return '*';
  if (groupBy === 'key') return `k:${message.key}`;
  return `s:${message.sensor_id ?? ''}:${message.key}`;
}

/** The bucket length: a hop for sliding windows (windows are made of hops), the size for tumbling ones. */
function bucketMs(config: Config): number {
  return (config.mode === 'sliding' ? (config.hop_s ?? config.size_s) : config.size_s) * 1000;
}

/** Merges a bucket into a running total (mutates `into`). */
function fold(into: BucketAddition, bucket: BucketAddition): void {
  into.count += bucket.count;
  into.sum += bucket.sum;
  if (bucket.min < into.min) into.min = bucket.min;
  if (bucket.max > into.max) into.max = bucket.max;
  if (bucket.firstTs < into.firstTs) {
    into.firstTs = bucket.firstTs;
    into.firstValue = bucket.firstValue;
  }
  if (bucket.lastTs >= into.lastTs) {
    into.lastTs = bucket.lastTs;
    into.lastValue = bucket.lastValue;
  }
}

/** The aggregate of a (folded) bucket. */
function aggregateOf(aggregate: Aggregate, bucket: BucketAddition): number {
  switch (aggregate) {
    case 'avg':
      return bucket.sum / bucket.count;
    case 'min':
      return bucket.min;
    case 'max':
      return bucket.max;
    case 'sum':
      return bucket.sum;
    case 'count':
      return bucket.count;
    case 'first':
      return bucket.firstValue;
    case 'last':
      return bucket.lastValue;
  }
}

function result(config: Config, bucket: BucketAddition, end: number): NodeOutput {
  const { sample } = bucket;
  return {
    output: 'out',
    message: {
      ts: end,
      sensor_id: config.group_by === 'sensor' ? sample.sensor_id : null,
      key: config.out_key || sample.key,
      value: aggregateOf(config.aggregate, bucket),
      payload: null,
    },
  };
}

const SLIDING_END = 'sliding_end';

/** What `run` answers for a reading folded in: one object shared by every reading (nothing changes it). */
const FOLDED: NodeResult = { outputs: [] };

/**
 * How long after a window's end it is closed: readings stored in the same moment (a batch still on its
 * way through another chain node) still count.
 */
export const WINDOW_GRACE_MS = 500;

/** Sliding: sends the windows ending at each hop end passed since the last one sent (claimed once). */
async function dueSliding(ctx: NodeContext, config: Config): Promise<NodeOutput[]> {
  const hop = bucketMs(config);
  const size = config.size_s * 1000;
  const latestEnd = Math.floor((ctx.now() - WINDOW_GRACE_MS) / hop) * hop;
  if (handledAlready(ctx, latestEnd)) return [];
  const { state, windows } = ctx.services;
  const sent = (await state.get(ctx.pipelineId, ctx.nodeId, [SLIDING_END])).get(SLIDING_END);
  if (sent && sent.ts >= latestEnd) {
    markHandled(ctx, latestEnd);
    return [];
  }
  const won = await state.claim(ctx.pipelineId, ctx.nodeId, SLIDING_END, latestEnd, null, latestEnd);
  markHandled(ctx, latestEnd);
  if (!won) return [];
  // After a pause, catch up on at most one window's worth of hop ends (older windows lost their buckets).
  const firstEnd = Math.max(sent ? sent.ts + hop : latestEnd, latestEnd - size + hop);
  const buckets = await windows.read(ctx.pipelineId, ctx.nodeId, firstEnd - size);
  const outputs: NodeOutput[] = [];
  for (let end = firstEnd; end <= latestEnd; end += hop) {
    const totals = new Map<string, BucketAddition>();
    for (const bucket of buckets) {
      if (bucket.bucketStart < end - size || bucket.bucketStart >= end) continue;
      const total = totals.get(bucket.groupKey);
      if (total) fold(total, bucket);
      else totals.set(bucket.groupKey, { ...bucket, sample: bucket.sample });
    }
    for (const total of totals.values()) outputs.push(result(config, total, end));
  }
  // Buckets no later window includes.
  await windows.claim(ctx.pipelineId, ctx.nodeId, latestEnd + hop - size);
  return outputs;
}

/**
 * Tumbling: once a window boundary (and the grace) passed, claims the windows that ended (once across
 * nodes) and sends their aggregates. Late readings of a closed window are sent at the next boundary.
 */
async function dueTumbling(ctx: NodeContext, config: Config): Promise<NodeOutput[]> {
  const size = config.size_s * 1000;
  const boundary = Math.floor((ctx.now() - WINDOW_GRACE_MS) / size) * size;
  if (handledAlready(ctx, boundary)) return [];
  const { windows } = ctx.services;
  const claimed: ClaimedBucket[] = await windows.claim(ctx.pipelineId, ctx.nodeId, boundary - size + 1);
  markHandled(ctx, boundary);
  return claimed.map((bucket) => result(config, bucket, bucket.bucketStart + size));
}

export const window = defineNode<Config>({
  type: 'window',
  name: 'Window aggregate',
  ...LOGIC,
  description:
    'Sends the average, minimum, maximum, sum, count, first or last value of each time window (e.g. a 1-minute average), per sensor, per key or for everything.',
  logo: 'ChartBar',
  inputs: IN_READING,
  outputs: OUT_READING,
  configSchema,
  defaultConfig: { mode: 'tumbling', size_s: 60, aggregate: 'avg', group_by: 'sensor' },
  async run(ctx, config, inputs) {
    const width = bucketMs(config);
    const additions = new Map<string, BucketAddition>();
    const results = inputs.map(({ message }): NodeResult => {
      const value = message.value;
      if (typeof value !== 'number' || !Number.isFinite(value))
        return { outputs: [], error: 'The message has no numeric value' };
      const group = groupKey(config.group_by, message);
      const bucketStart = Math.floor(message.ts / width) * width;
      const id = `${bucketStart}|${group}`;
      const found = additions.get(id);
      if (!found) {
        additions.set(id, {
          groupKey: group,
          bucketStart,
          count: 1,
          sum: value,
          min: value,
          max: value,
          firstTs: message.ts,
          firstValue: value,
          lastTs: message.ts,
          lastValue: value,
          sample: { sensor_id: message.sensor_id, key: message.key },
        });
        return FOLDED;
      }
      found.count += 1;
      found.sum += value;
      if (value < found.min) found.min = value;
      if (value > found.max) found.max = value;
      if (message.ts < found.firstTs) {
        found.firstTs = message.ts;
        found.firstValue = value;
      }
      if (message.ts >= found.lastTs) {
        found.lastTs = message.ts;
        found.lastValue = value;
      }
      return FOLDED;
    });
    if (additions.size > 0)
      await ctx.services.windows.add(ctx.pipelineId, ctx.nodeId, [...additions.values()]);
    return results;
  },
  due: (ctx, config) => (config.mode === 'sliding' ? dueSliding(ctx, config) : dueTumbling(ctx, config)),
});
