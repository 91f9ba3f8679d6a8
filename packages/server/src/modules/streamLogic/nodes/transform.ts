/** Logic: reshapes a message with a JSONata expression; its result becomes the payload (a number also the value). */
import type { ChainMessage } from '@ferrite/contracts';
import { z } from 'zod';
import { defineNode, type NodeResult } from './defineNode';
import { evaluateJsonata, jsonataField } from './jsonataExpressions';
import { errorText, IN_ANY, LOGIC, socket } from './style';

const configSchema = z.object({
  expression: jsonataField(
    'expression',
    'JSONata expression',
    'Evaluated over the message (ts, sensor_id, key, value, payload), e.g. { "celsius": value, "alarm": value > 80 }.',
  ),
});
type Config = z.infer<typeof configSchema>;

export const transform = defineNode<Config>({
  type: 'transform',
  name: 'Transform',
  ...LOGIC,
  description:
    'Builds a new payload from the message with a JSONata expression (pick fields, rename, compute, combine).',
  logo: 'Transform',
  inputs: IN_ANY,
  outputs: [socket('out', 'Out', 'object')],
  configSchema,
  defaultConfig: { expression: '{ "value": value, "key": key }' },
  run(_ctx, config, inputs) {
    return Promise.all(
      inputs.map(async ({ message }): Promise<NodeResult> => {
        try {
          const result = await evaluateJsonata(config.expression, message);
          const payload = result === undefined ? null : normalize(result);
          const out: ChainMessage = {
            ...message,
            value: typeof payload === 'number' && Number.isFinite(payload) ? payload : message.value,
            payload,
          };
          return { outputs: [{ output: 'out', message: out }] };
        } catch (error) {
          return { outputs: [], error: errorText(error) };
        }
      }),
    );
  },
});

/** JSONata answers sequences as arrays with extra fields and may hold functions: keep plain JSON. */
function normalize(result: unknown): unknown {
  return typeof result === 'object' && result !== null ? JSON.parse(JSON.stringify(result)) : result;
}
