/** Logic: sends each message to the first route whose CEL condition it meets, or to "otherwise". */
import { z } from 'zod';
import { conditionField, meetsCondition } from './celExpressions';
import { defineNode } from './defineNode';
import { errorText, IN_ANY, LOGIC, socket } from './style';

const routeSchema = z.object({
  output: z
    .string({ error: 'routes.output must be a name' })
    .regex(/^[A-Za-z][\w-]{0,39}$/, {
      error: 'routes.output must start with a letter (letters, digits, - and _, at most 40)',
    })
    .refine((name) => name !== 'otherwise', { error: 'routes.output: "otherwise" is the fixed last output' })
    .meta({ title: 'Output', description: 'The name of the output this route sends to.' }),
  expression: conditionField('routes.expression', 'Condition', 'A CEL condition, e.g. value >= 80.'),
});

const configSchema = z.object({
  routes: z
    .array(routeSchema, { error: 'routes must be a list of { output, expression }' })
    .max(20, { error: 'routes: at most 20 routes' })
    .refine((routes) => new Set(routes.map((route) => route.output)).size === routes.length, {
      error: 'routes: two routes have the same output name',
    })
    .meta({ title: 'Routes', description: 'Tried in order: a message leaves by the first route it meets.' }),
});
type Config = z.infer<typeof configSchema>;

export const switchNode = defineNode<Config>({
  type: 'switch',
  name: 'Switch',
  ...LOGIC,
  description:
    'Routes each message to the first output whose condition it meets (e.g. normal / high / critical), else to "otherwise".',
  logo: 'ArrowsSplit',
  inputs: IN_ANY,
  outputs: [socket('otherwise', 'Otherwise', 'any')],
  dynamic_outputs: 'routes',
  configSchema,
  defaultConfig: { routes: [{ output: 'high', expression: 'value > 80' }] },
  run(_ctx, config, inputs) {
    return inputs.map(({ message }) => {
      const problems: string[] = [];
      for (const route of config.routes) {
        try {
          if (meetsCondition(route.expression, message))
            return { outputs: [{ output: route.output, message }] };
        } catch (error) {
          // A route that cannot judge this message is passed over; the trace says why.
          problems.push(`${route.output}: ${errorText(error)}`);
        }
      }
      const outputs = [{ output: 'otherwise', message }];
      return problems.length > 0 ? { outputs, error: problems.join('; ') } : { outputs };
    });
  },
});
