/**
 * Every node kind, one line each (a kind is one file in this folder): what list_nodes serves, what
 * validation checks configs against, what the runtime runs.
 */
import type { NodeKind } from '@ferrite/contracts';
import { z } from 'zod';
import { debug } from './debug';
import { deduplicate } from './deduplicate';
import type { NodeDefinition } from './defineNode';
import { delay } from './delay';
import { enrich } from './enrich';
import { filter } from './filter';
import { formula } from './formula';
import { gatewayCommand } from './gatewayCommand';
import { gatewayTelemetry } from './gatewayTelemetry';
import { merge } from './merge';
import { notify } from './notify';
import { raiseAlert } from './raiseAlert';
import { schedule } from './schedule';
import { script } from './script';
import { sensorTelemetry } from './sensorTelemetry';
import { switchNode } from './switch';
import { transform } from './transform';
import { virtualSensor } from './virtualSensor';
import { webhook } from './webhook';
import { window } from './window';

// biome-ignore lint/suspicious/noExplicitAny: each kind has its own config type
export const NODE_KINDS: readonly NodeDefinition<any>[] = [
  sensorTelemetry,
  gatewayTelemetry,
  schedule,
  filter,
  switchNode,
  transform,
  formula,
  window,
  deduplicate,
  delay,
  merge,
  enrich,
  script,
  virtualSensor,
  raiseAlert,
  gatewayCommand,
  webhook,
  notify,
  debug,
];

const byType = new Map(NODE_KINDS.map((kind) => [kind.type, kind]));

/** The kind of a node type, or undefined. */
// biome-ignore lint/suspicious/noExplicitAny: each kind has its own config type
export function nodeKind(type: string): NodeDefinition<any> | undefined {
  return byType.get(type);
}

/** A kind as list_nodes describes it (its config as JSON Schema). */
export function describeNodeKind(kind: NodeDefinition<unknown>): NodeKind {
  return {
    type: kind.type,
    name: kind.name,
    category: kind.category,
    description: kind.description,
    node_color: kind.node_color,
    logo: kind.logo,
    logo_position: kind.logo_position,
    inputs: kind.inputs,
    outputs: kind.outputs,
    ...(kind.dynamic_outputs ? { dynamic_outputs: kind.dynamic_outputs } : {}),
    config_schema: z.toJSONSchema(kind.configSchema, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >,
    default_config: kind.defaultConfig as Record<string, unknown>,
  };
}
