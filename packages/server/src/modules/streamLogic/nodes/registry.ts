/**
 * Every node kind, one line each (a kind is one file in this folder): what list_nodes serves, what
 * validation checks configs against, what the runtime runs.
 */
import type { NodeKind } from '@ferrite/contracts';
import { z } from 'zod';
import { debug } from './debug';
import type { NodeDefinition } from './defineNode';
import { filter } from './filter';
import { formula } from './formula';
import { gatewayTelemetry } from './gatewayTelemetry';
import { sensorTelemetry } from './sensorTelemetry';
import { virtualSensor } from './virtualSensor';
import { window } from './window';

// biome-ignore lint/suspicious/noExplicitAny: each kind has its own config type
export const NODE_KINDS: readonly NodeDefinition<any>[] = [
  sensorTelemetry,
  gatewayTelemetry,
  filter,
  formula,
  window,
  virtualSensor,
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
