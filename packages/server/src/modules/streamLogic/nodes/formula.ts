/**
 * Logic: computes a new value from the reading's, either `m·x + c` (the widget series' shortcut) or a
 * JSONata math expression of `$x`.
 */
import type { ChainMessage } from '@ferrite/contracts';
import { z } from 'zod';
import { defineNode, type NodeResult } from './defineNode';
import { evaluateJsonata, jsonataField } from './jsonataExpressions';
import { errorText, IN_READING, LOGIC, OUT_READING } from './style';

const finite = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .refine(Number.isFinite, { error: `${field} must be finite` });

const outKeyField = z.string({ error: 'out_key must be text' }).optional().meta({
  title: 'Output key',
  description: 'Renames the reading (e.g. temperature_f); empty keeps its key.',
});

const configSchema = z.discriminatedUnion(
  'mode',
  [
    z
      .object({
        mode: z.literal('linear'),
        m: finite('m').meta({ title: 'Factor m', description: 'The result is m · x + c.' }),
        c: finite('c').meta({ title: 'Offset c', description: 'The result is m · x + c.' }),
        out_key: outKeyField,
      })
      .meta({ title: 'm · x + c' }),
    z
      .object({
        mode: z.literal('expression'),
        expression: jsonataField(
          'expression',
          'Expression',
          'A JSONata math expression of $x (the reading), e.g. $x * 9 / 5 + 32 or $round($sqrt($x), 2).',
        ),
        out_key: outKeyField,
      })
      .meta({ title: 'Expression' }),
  ],
  { error: "mode must be 'linear' or 'expression'" },
);
type Config = z.infer<typeof configSchema>;

function withValue(message: ChainMessage, value: number, outKey: string | undefined): ChainMessage {
  return {
    ts: message.ts,
    sensor_id: message.sensor_id,
    key: outKey || message.key,
    value,
    payload: message.payload,
  };
}

const noValue = (): NodeResult => ({ outputs: [], error: 'The message has no numeric value' });

export const formula = defineNode<Config>({
  type: 'formula',
  name: 'Formula',
  ...LOGIC,
  description:
    'Replaces the reading by m · x + c or by a math expression of it (°C → °F, scaling, unit changes).',
  logo: 'Math',
  inputs: IN_READING,
  outputs: OUT_READING,
  configSchema,
  defaultConfig: { mode: 'linear', m: 1, c: 0 },
  run(_ctx, config, inputs) {
    if (config.mode === 'linear') {
      const { m, c, out_key } = config;
      return inputs.map(({ message }) => {
        const x = message.value;
        if (typeof x !== 'number' || !Number.isFinite(x)) return noValue();
        return { outputs: [{ output: 'out', message: withValue(message, m * x + c, out_key) }] };
      });
    }
    const { expression, out_key } = config;
    return Promise.all(
      inputs.map(async ({ message }): Promise<NodeResult> => {
        const x = message.value;
        if (typeof x !== 'number' || !Number.isFinite(x)) return noValue();
        try {
          const result = await evaluateJsonata(expression, message, { x });
          if (typeof result !== 'number' || !Number.isFinite(result)) {
            return {
              outputs: [],
              error: `${expression} gave ${JSON.stringify(result) ?? 'nothing'}, not a number`,
            };
          }
          return { outputs: [{ output: 'out', message: withValue(message, result, out_key) }] };
        } catch (error) {
          return { outputs: [], error: errorText(error) };
        }
      }),
    );
  },
});
