/**
 * Debugging a running chain: message counts on every connection and node, the last
 * `TRACE_KEEP_PER_NODE` messages of each node (failures always, everything while its debug is on),
 * debug toggled per node or for all without a redeploy, replaying a message through a changed node,
 * and the chain's activity (deploys, rollbacks, errors). Live over the `pipelineTrace` socket room.
 *
 * Calls (beside §7's): `GET …/pipelines/{id}/trace`, `PUT …/pipelines/{id}/debug`,
 * `POST …/pipelines/{id}/replay`, `GET /stream_process/{projectId}/activity`.
 */
import { z } from 'zod';
import { pageQuerySchema, uuidParam } from '../lists';
import { chainNodeSchema } from './pipelines';

/** Messages kept per node for the trace panel. */
export const TRACE_KEEP_PER_NODE = 100;

/**
 * A message as it flows through a chain: a reading's time, sensor and key and value, and a free payload
 * (a transform's or script's result, a merge's joined values, enrich's metadata).
 */
export const chainMessageSchema = z.object({
  /** Epoch milliseconds of the reading (data time). */
  ts: z.number(),
  sensor_id: z.string().nullable(),
  key: z.string(),
  value: z.number().nullable(),
  payload: z.unknown(),
});
export type ChainMessage = z.infer<typeof chainMessageSchema>;

/** One pass of one message through one node. */
export const traceEntrySchema = z.object({
  node_id: z.string(),
  /** ISO time the node ran. */
  at: z.string(),
  duration_ms: z.number(),
  input: chainMessageSchema,
  /** The input socket it arrived on. */
  input_key: z.string(),
  outputs: z.array(z.object({ output: z.string(), message: chainMessageSchema })),
  error: z.string().nullable(),
});
export type TraceEntry = z.infer<typeof traceEntrySchema>;

/** Counts since the chain's current revision was deployed. */
export const nodeCountsSchema = z.object({
  in: z.number().int(),
  out: z.number().int(),
  errors: z.number().int(),
});
export type NodeCounts = z.infer<typeof nodeCountsSchema>;

export const pipelineTraceSchema = z.object({
  revision: z.number().int(),
  /** Messages carried by each connection (by connection id). */
  connections: z.record(z.string(), z.number().int()),
  nodes: z.record(z.string(), nodeCountsSchema),
  /** Newest first, at most TRACE_KEEP_PER_NODE per node. */
  entries: z.array(traceEntrySchema),
});
export type PipelineTrace = z.infer<typeof pipelineTraceSchema>;
export const traceQuerySchema = z.object({ node_id: z.string().max(64).optional() });

/** `PUT …/pipelines/{id}/debug`: trace every message of these nodes (or all) from now on; no redeploy. */
export const debugSettingsSchema = z
  .object({
    debug_all: z.boolean(),
    debug_nodes: z.array(z.string().max(64)).max(100),
  })
  .strict();
export type DebugSettings = z.infer<typeof debugSettingsSchema>;

/**
 * `POST …/pipelines/{id}/replay`: runs one message through a node as given (changed config included),
 * without deploying and without side effects (a sink reports what it would do).
 */
export const replaySchema = z
  .object({
    node: chainNodeSchema,
    input_key: z.string().max(64).default('in'),
    message: chainMessageSchema,
  })
  .strict();
export type ReplayBody = z.input<typeof replaySchema>;
export const replayResponseSchema = z.object({
  outputs: z.array(z.object({ output: z.string(), message: chainMessageSchema })),
  error: z.string().nullable(),
  duration_ms: z.number(),
  /** What a sink would have done (it does nothing on a replay). */
  effects: z.array(z.string()),
});
export type ReplayResponse = z.infer<typeof replayResponseSchema>;

/** Live trace, sent to the chain's `pipelineTrace` room about every second while messages flow. */
export const pipelineTraceEventSchema = z.object({
  pipeline_id: z.string(),
  revision: z.number().int(),
  /** Counts added since the last event. */
  connections: z.record(z.string(), z.number().int()),
  nodes: z.record(z.string(), nodeCountsSchema),
  /** New trace entries (debugged nodes' messages and every failure). */
  entries: z.array(traceEntrySchema),
});
export type PipelineTraceEvent = z.infer<typeof pipelineTraceEventSchema>;

export const STREAM_SOCKET_EVENTS = {
  /** PipelineTraceEvent, to pipelineTrace rooms. */
  pipelineTrace: 'pipeline.trace',
} as const;

export const CHAIN_ACTIVITY_KINDS = [
  'created',
  'deployed',
  'rolled_back',
  'enabled',
  'disabled',
  'deleted',
  'error',
] as const;
export type ChainActivityKind = (typeof CHAIN_ACTIVITY_KINDS)[number];

export const chainActivityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(CHAIN_ACTIVITY_KINDS),
  pipeline_id: z.string().nullable(),
  pipeline_name: z.string(),
  revision: z.number().int().nullable(),
  node_id: z.string().nullable(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  detail: z.string(),
});
export type ChainActivityEntry = z.infer<typeof chainActivityEntrySchema>;
export const chainActivityQuerySchema = pageQuerySchema.extend({
  pipeline_id: uuidParam('pipeline_id').optional(),
  kind: z.enum(CHAIN_ACTIVITY_KINDS).optional(),
});
export const chainActivityResponseSchema = z.object({
  activity: z.array(chainActivityEntrySchema),
  total_entries: z.number().int(),
});
