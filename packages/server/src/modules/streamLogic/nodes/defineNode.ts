/**
 * The one shape of a Stream Logic node kind: one file per kind calls `defineNode` with what the palette
 * shows (category, sockets, colour, logo), its config as a zod schema (served to the editor as JSON
 * Schema by list_nodes, checked on every deploy) and `run`, which turns the messages that arrived on its
 * inputs into messages on its outputs.
 *
 * A node runs on a whole batch at once (every message one durable telemetry batch brought it), so a
 * node that keeps state (window, deduplicate, merge) makes one database round trip per batch, not per
 * message; `results[i]` answers `inputs[i]`, which is what the trace shows per message.
 */
import type { ChainMessage, LogoPosition, NodeCategory, NodeSocket } from '@ferrite/contracts';
import type { z } from 'zod';
import type { DurableRun } from '../../../platform/module';
import type { StreamServices } from '../engine/services';

/** A message that arrived on one of the node's inputs. */
export interface NodeInput {
  /** The input socket's key. */
  input: string;
  message: ChainMessage;
}

/** A message a node sends on one of its outputs. */
export interface NodeOutput {
  output: string;
  message: ChainMessage;
}

/** What became of one input message: what it sent on, or why it failed (the others carry on). */
export interface NodeResult {
  outputs: NodeOutput[];
  error?: string;
}

/** Where a node runs: which chain, which node, and the services it may use. */
export interface NodeContext {
  readonly orgId: string;
  readonly projectId: string;
  readonly pipelineId: string;
  readonly pipelineName: string;
  readonly revision: number;
  readonly nodeId: string;
  readonly nodeName: string;
  /** A replay (the editor's "replay this message"): sinks do nothing and only report what they would do. */
  readonly dryRun: boolean;
  /** Epoch milliseconds now (tests pass their clock). */
  now(): number;
  /** Notes what a sink did (or, on a replay, would do): shown in the replay's answer and the trace. */
  effect(description: string): void;
  readonly services: StreamServices;
}

/** What a deploy-time check may read (referenced entities must be the organization's). */
export interface CheckContext {
  readonly orgId: string;
  readonly projectId: string;
  readonly services: StreamServices;
}

/** How a source node is fed by durable telemetry. */
export interface NodeSource<C> {
  /**
   * The durable telemetry this source takes, as messages (in the runs' order); sensors' types,
   * assets and gateways come from `services.sensors`. Called on every batch for every enabled chain's
   * source, so it must be cheap: look things up in memory and keep what it asks the database for.
   */
  fromTelemetry(
    ctx: NodeContext,
    config: C,
    runs: readonly DurableRun[],
  ): Promise<ChainMessage[]> | ChainMessage[];
  /** The sensor ids this source can take (to skip chains a batch cannot reach); null: any sensor. */
  sensorIds?(ctx: CheckContext, config: C): Promise<ReadonlySet<string> | null>;
}

export interface NodeDefinition<C = unknown> {
  type: string;
  name: string;
  category: NodeCategory;
  description: string;
  node_color: string;
  logo: string;
  logo_position: LogoPosition;
  inputs: NodeSocket[];
  outputs: NodeSocket[];
  /** The config key whose `{ output }` entries add named outputs (a switch's routes). */
  dynamic_outputs?: string;
  configSchema: z.ZodType<C>;
  /** The config a node placed from the palette starts with (must pass `configSchema`). */
  defaultConfig: C;
  /** Problems a deploy must refuse that need the database (a sensor of another organization). */
  check?(ctx: CheckContext, config: C): Promise<string[]>;
  /** Telemetry sources: how durable readings feed the node. */
  source?: NodeSource<C>;
  /** Runs one batch of arrived messages; `results[i]` answers `inputs[i]`. */
  run(ctx: NodeContext, config: C, inputs: readonly NodeInput[]): Promise<NodeResult[]> | NodeResult[];
  /**
   * Nodes that send on time rather than on arrival (a window closing, a delay ending, a schedule's
   * tick): the runtime calls `due` about every DUE_EVERY_MS on every node of the cluster, so `due` must
   * claim what it sends atomically in the database (delete … returning, a conditional update): what it
   * returns is sent on once, whichever node claimed it.
   */
  due?(ctx: NodeContext, config: C): Promise<NodeOutput[]>;
}

/** How often the runtime calls the nodes' `due` (a window's result is at most this late). */
export const DUE_EVERY_MS = 200;

/** Declares a node kind (typed). */
export function defineNode<C>(definition: NodeDefinition<C>): NodeDefinition<C> {
  return definition;
}

/**
 * `run` for a node that handles each message on its own, synchronously: a throw fails that message only.
 */
export function eachMessage<C>(
  handle: (config: C, input: NodeInput, ctx: NodeContext) => NodeOutput[],
): NodeDefinition<C>['run'] {
  return (ctx, config, inputs) =>
    inputs.map((input) => {
      try {
        return { outputs: handle(config, input, ctx) };
      } catch (error) {
        return { outputs: [], error: error instanceof Error ? error.message : String(error) };
      }
    });
}
