/**
 * A chain's trace (spec issue 29 "debugging like nobody else"): GET …/pipelines/{id}/trace (counts of
 * the current revision, kept failures and this node's debugged messages, newest first), PUT …/debug
 * (which nodes trace every message, without a redeploy) and POST …/replay (one message through a node as
 * the editor has it, without side effects). The chain must be the caller's organization's (404).
 */
import {
  debugSettingsSchema,
  type NodeCounts,
  type PipelineTrace,
  pipelineParamsSchema,
  pipelineTraceSchema,
  replayResponseSchema,
  replaySchema,
  TRACE_KEEP_PER_NODE,
  type TraceEntry,
  traceQuerySchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../platform/http/authContext';
import type { DeviceDeps } from '../../iotManager';
import { chainRuntimeOf, streamServicesFor } from '../runtime/chainRuntime';
import { CHAINS_CHANGED_CHANNEL, errorResponses, problems, STREAM_PREFIX, STREAM_TAGS } from '../shared';
import { replayMessage } from './replay';
import { failureLimit, TraceRepository } from './repository';

const view = { permission: 'streamLogic.view' as const };
const debug = { permission: 'streamLogic.debug' as const };
const tags = STREAM_TAGS;

/** Newest first, at most TRACE_KEEP_PER_NODE per node, each entry once. */
function newestEntries(entries: TraceEntry[]): TraceEntry[] {
  const sorted = entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const perNode = new Map<string, number>();
  const seen = new Set<string>();
  const kept: TraceEntry[] = [];
  for (const entry of sorted) {
    const key = `${entry.node_id}|${entry.at}|${entry.input.ts}|${entry.input.sensor_id}|${entry.input.key}|${entry.error}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const n = perNode.get(entry.node_id) ?? 0;
    if (n >= TRACE_KEEP_PER_NODE) continue;
    perNode.set(entry.node_id, n + 1);
    kept.push(entry);
  }
  return kept;
}

/** Registers the trace routes. */
export const traceRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const repo = new TraceRepository(deps.db);
  const item = `${STREAM_PREFIX}/:projectId/pipelines/:pipelineId`;
  // The runtime starts taking work once it has the device services (these routes are built with them).
  const runtime = chainRuntimeOf(deps);
  runtime?.bind(deps);
  app.addHook('onClose', async () => runtime?.stop());

  const chainOf = async (orgId: string, projectId: string, pipelineId: string) => {
    const chain = await repo.findChain(orgId, projectId, pipelineId);
    if (!chain) throw problems.notFound('Chain');
    return chain;
  };

  app.get(`${item}/trace`, {
    config: view,
    schema: {
      tags,
      summary: "A chain's trace: counts per connection and node since its revision, and its newest messages",
      params: pipelineParamsSchema,
      querystring: traceQuerySchema,
      response: { 200: pipelineTraceSchema, ...errorResponses },
    },
    handler: async (request): Promise<PipelineTrace> => {
      const { orgId } = requireAuth(request);
      const { projectId, pipelineId } = request.params;
      const chain = await chainOf(orgId, projectId, pipelineId);
      const nodeId = request.query.node_id;
      const counts = [
        ...(await repo.counters(pipelineId, chain.revision)),
        ...(runtime?.trace.unflushedCounts(pipelineId, chain.revision) ?? []),
      ];
      const connections: Record<string, number> = {};
      const nodes: Record<string, NodeCounts> = {};
      for (const { kind, element, count } of counts) {
        if (kind === 'edge') connections[element] = (connections[element] ?? 0) + count;
        else if (kind === 'in' || kind === 'out' || kind === 'errors') {
          const node = nodes[element] ?? { in: 0, out: 0, errors: 0 };
          node[kind] += count;
          nodes[element] = node;
        }
      }
      const stored = await repo.failures(
        pipelineId,
        nodeId,
        failureLimit(chain.actions.length, Boolean(nodeId)),
      );
      const local = (runtime?.trace.localEntries(pipelineId) ?? []).filter(
        (entry) => !nodeId || entry.node_id === nodeId,
      );
      return { revision: chain.revision, connections, nodes, entries: newestEntries([...local, ...stored]) };
    },
  });

  app.put(`${item}/debug`, {
    config: debug,
    schema: {
      tags,
      summary: 'Traces every message of these nodes (or of all) from now on, without a redeploy',
      params: pipelineParamsSchema,
      body: debugSettingsSchema,
      response: { 200: debugSettingsSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { orgId } = requireAuth(request);
      const { projectId, pipelineId } = request.params;
      await chainOf(orgId, projectId, pipelineId);
      const { debug_all, debug_nodes } = request.body;
      const nodes = [...new Set(debug_nodes)];
      await repo.setDebug(orgId, pipelineId, debug_all, nodes);
      await deps.bus.publish(CHAINS_CHANGED_CHANNEL, { orgId, pipelineId });
      return { debug_all, debug_nodes: nodes };
    },
  });

  app.post(`${item}/replay`, {
    config: debug,
    schema: {
      tags,
      summary: 'Runs one message through a node as given (changed config included), with no side effects',
      params: pipelineParamsSchema,
      body: replaySchema,
      response: { 200: replayResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { orgId } = requireAuth(request);
      const { projectId, pipelineId } = request.params;
      const chain = await chainOf(orgId, projectId, pipelineId);
      return replayMessage(chain, request.body, streamServicesFor(deps));
    },
  });
};
