/** Logic: lets a message through when a CEL condition holds, and sends the others on `reject`. */
import { z } from 'zod';
import { conditionField, meetsCondition } from './celExpressions';
import { defineNode } from './defineNode';
import { errorText, IN_ANY, LOGIC, socket } from './style';

const configSchema = z.object({
  expression: conditionField(
    'expression',
    'Condition',
    'A CEL condition on value, key, ts, sensor_id and payload, e.g. value > 80 && key == "temperature".',
  ),
});
type Config = z.infer<typeof configSchema>;

export const filter = defineNode<Config>({
  type: 'filter',
  name: 'Filter',
  ...LOGIC,
  description: 'Passes the messages that meet a condition; the others leave by "reject".',
  logo: 'Filter',
  inputs: IN_ANY,
  outputs: [socket('pass', 'Pass', 'any'), socket('reject', 'Reject', 'any')],
  configSchema,
  defaultConfig: { expression: 'value > 0' },
  run(_ctx, config, inputs) {
    return inputs.map(({ message }) => {
      try {
        return {
          outputs: [{ output: meetsCondition(config.expression, message) ? 'pass' : 'reject', message }],
        };
      } catch (error) {
        // A condition that cannot be answered (a null value, a missing payload field) rejects, and says why.
        return { outputs: [{ output: 'reject', message }], error: errorText(error) };
      }
    });
  },
});
