/** Sink: passes messages on unchanged; the trace keeps its messages always, so it is where to look. */
import { z } from 'zod';
import { defineNode } from './defineNode';
import { IN_ANY, OUT_ANY, SINK } from './style';

const configSchema = z.object({});
type Config = z.infer<typeof configSchema>;

export const debug = defineNode<Config>({
  type: 'debug',
  name: 'Debug',
  ...SINK,
  description: 'Shows every message that reaches it in the trace panel, and passes it on unchanged.',
  logo: 'Bug',
  inputs: IN_ANY,
  outputs: OUT_ANY,
  configSchema,
  defaultConfig: {},
  run: (_ctx, _config, inputs) => inputs.map(({ message }) => ({ outputs: [{ output: 'out', message }] })),
});
