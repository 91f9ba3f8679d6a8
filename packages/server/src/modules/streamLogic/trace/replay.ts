/**
 * "Replay this message": one message through one node as the editor has it (its changed config
 * included), without deploying and without side effects. The node runs with `dryRun` and with services
 * that read but never write (window buckets, state and sinks only report what they would do).
 */
import type { ChainNode, FieldError, ReplayResponse, replaySchema } from '@ferrite/contracts';
import type { z } from 'zod';
import { unprocessable } from '../../../platform/http/problem';
import { errorText, nodeContext, runNode } from '../engine/executor';
import type { StreamServices } from '../engine/services';
import { nodeKind } from '../nodes/registry';

type ReplayBody = z.infer<typeof replaySchema>;

/** Services that read like the real ones and write nothing: each would-be write is an effect. */
export function dryRunServices(base: StreamServices, effect: (description: string) => void): StreamServices {
  return {
    sensors: base.sensors,
    enrich: base.enrich,
    sandbox: base.sandbox,
    windows: {
      add: async (_p, _n, additions) => effect(`would add ${additions.length} window bucket value(s)`),
      claim: async () => [],
      read: base.windows.read,
    },
    state: {
      get: base.state.get,
      claim: async () => true,
      put: async (_p, _n, key) => effect(`would remember state ${key}`),
      takeDue: async () => [],
    },
    sinks: {
      writeReadings: async (_org, points) => effect(`would store ${points.length} reading(s)`),
      raiseAlert: async (_org, alert) =>
        effect(`would raise a ${alert.severity} alert: ${alert.description}`),
      sendCommand: async (_org, gatewayId, name) => {
        effect(`would send command ${name} to gateway ${gatewayId}`);
        return 'dry-run';
      },
      postWebhook: async (_org, url) => {
        effect(`would POST to ${url}`);
        return 0;
      },
      sendMessage: async (_org, medium, to, subject) =>
        effect(`would send ${medium} "${subject}" to ${to.join(', ')}`),
    },
  };
}

/** Checks the node's config; a 422 naming the field when its kind refuses it. */
function parsedConfig(node: ChainNode): unknown {
  const kind = nodeKind(node.type);
  if (!kind) throw unprocessable([{ path: 'node.type', message: `Unknown node type "${node.type}"` }]);
  const parsed = kind.configSchema.safeParse(node.config ?? {});
  if (parsed.success) return parsed.data;
  const errors: FieldError[] = parsed.error.issues.map((issue) => ({
    path: ['node', 'config', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw unprocessable(errors);
}

/** Runs the message through the node, dry; answers its outputs, error, duration and would-be effects. */
export async function replayMessage(
  chain: { id: string; org_id: string; project_id: string; name: string; revision: number },
  body: ReplayBody,
  services: StreamServices,
): Promise<ReplayResponse> {
  const config = parsedConfig(body.node);
  const kind = nodeKind(body.node.type);
  const effects: string[] = [];
  const effect = (description: string) => effects.push(description);
  const ctx = nodeContext(chain, body.node, {
    services: dryRunServices(services, effect),
    dryRun: true,
    effect: (_nodeId, description) => effect(description),
  });
  const started = performance.now();
  let outputs: ReplayResponse['outputs'] = [];
  let error: string | null = null;
  try {
    const [result] = await runNode(
      {
        id: body.node.id,
        name: body.node.name,
        type: body.node.type,
        kind: kind ?? null,
        config,
        problem: null,
        routes: new Map(),
        ctx,
      },
      [{ input: body.input_key, message: body.message }],
    );
    outputs = result?.outputs ?? [];
    error = result?.error ?? null;
  } catch (thrown) {
    error = errorText(thrown);
  }
  return { outputs, error, duration_ms: Math.round((performance.now() - started) * 1000) / 1000, effects };
}
