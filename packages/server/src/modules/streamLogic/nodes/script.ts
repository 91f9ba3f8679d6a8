/**
 * Script: user JavaScript, run in the QuickJS sandbox with a CPU and a memory limit. The body receives
 * `msg` and returns a message-like object, an array of them, or null to drop the message.
 */
import { z } from 'zod';
import { defineNode, type NodeResult } from './defineNode';
import { messageFrom } from './messages';
import { errorText, IN_ANY, SCRIPT, socket } from './style';

const configSchema = z.object({
  code: z
    .string({ error: 'code must be JavaScript text' })
    .min(1, { error: 'code is empty: return msg to pass the message on' })
    .max(20_000, { error: 'code is longer than 20 000 characters' })
    .meta({
      title: 'Script',
      description:
        'The body of a function of msg ({ ts, sensor_id, key, value, payload }). Return a message (fields you leave out are kept), an array of them, or null to drop it.',
      widget: 'code',
    }),
  timeout_ms: z
    .number({ error: 'timeout_ms must be a number of milliseconds' })
    .int({ error: 'timeout_ms must be whole milliseconds' })
    .min(1, { error: 'timeout_ms must be at least 1' })
    .max(1000, { error: 'timeout_ms must be at most 1000' })
    .default(50)
    .meta({ title: 'Time limit (ms)', description: 'CPU time one message may take (at most 1000).' }),
  memory_mb: z
    .number({ error: 'memory_mb must be a number of megabytes' })
    .int({ error: 'memory_mb must be whole megabytes' })
    .min(1, { error: 'memory_mb must be at least 1' })
    .max(64, { error: 'memory_mb must be at most 64' })
    .default(16)
    .meta({ title: 'Memory limit (MB)', description: 'Memory one run may use (at most 64).' }),
});
type Config = z.infer<typeof configSchema>;

/** Messages a script may answer with for one input. */
const MAX_ANSWERS = 1_000;
/** QuickJS runs synchronously: after this long, a batch lets the event loop (ingest, HTTP) have a turn. */
const YIELD_EVERY_MS = 10;

export const script = defineNode<Config>({
  type: 'script',
  name: 'Script',
  ...SCRIPT,
  description:
    'Runs your JavaScript on each message in a sandbox (no network, no files) and sends on what it returns.',
  logo: 'Code',
  inputs: IN_ANY,
  outputs: [socket('out', 'Out', 'any')],
  configSchema,
  defaultConfig: { code: 'return { value: msg.value };', timeout_ms: 50, memory_mb: 16 },
  async check(ctx, config) {
    // Parsed in the sandbox but not run (everything after the first return): a syntax error fails the deploy.
    const probe = { ts: 0, sensor_id: null, key: 'probe', value: 0, payload: null };
    try {
      await ctx.services.sandbox.run(`return null;\n${config.code}`, probe, {
        timeoutMs: 500,
        memoryBytes: 16 * 1024 * 1024,
      });
      return [];
    } catch (error) {
      return [`code: ${errorText(error)}`];
    }
  },
  async run(ctx, config, inputs) {
    const limits = { timeoutMs: config.timeout_ms, memoryBytes: config.memory_mb * 1024 * 1024 };
    const results: NodeResult[] = [];
    // One at a time: each run is CPU-bound, so running them side by side would only stretch each deadline.
    let since = performance.now();
    for (const { message } of inputs) {
      if (performance.now() - since >= YIELD_EVERY_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        since = performance.now();
      }
      try {
        const answer = await ctx.services.sandbox.run(config.code, message, limits);
        if (answer === null || answer === undefined) {
          results.push({ outputs: [] });
          continue;
        }
        const answers = Array.isArray(answer) ? answer : [answer];
        if (answers.length > MAX_ANSWERS)
          throw new Error(`The script returned ${answers.length} messages (at most ${MAX_ANSWERS})`);
        results.push({
          outputs: answers
            .filter((one) => one !== null)
            .map((one) => ({ output: 'out', message: messageFrom(one, message) })),
        });
      } catch (error) {
        results.push({ outputs: [], error: errorText(error) });
      }
    }
    return results;
  },
});
