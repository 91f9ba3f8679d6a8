/**
 * Stream Logic node kinds (spec §3 "Logic-chain node: id, name, node_color, logo_position (left or
 * other), inputs and outputs with sockets"), as `GET /stream_process/list_nodes` describes them: each
 * kind brings its category, sockets, colour, logo and a JSON-schema form for its configuration.
 */
import { z } from 'zod';

export const NODE_CATEGORIES = ['source', 'logic', 'script', 'sink'] as const;
export type NodeCategory = (typeof NODE_CATEGORIES)[number];
export const NODE_CATEGORY_LABELS: Record<NodeCategory, string> = {
  source: 'Sources',
  logic: 'Logic',
  script: 'Script',
  sink: 'Actions',
};

/**
 * What flows over a socket: a `reading` (one number at a time, with its sensor and key), an `object`
 * (any JSON payload: a transform's or a script's result) or `any` (accepts both). Two sockets connect when
 * their types are equal or one of them is `any`.
 */
export const SOCKET_TYPES = ['reading', 'object', 'any'] as const;
export type SocketType = (typeof SOCKET_TYPES)[number];

/** Whether an output of type `from` may feed an input of type `to`. */
export function socketsConnect(from: SocketType, to: SocketType): boolean {
  return from === to || from === 'any' || to === 'any';
}

/** Where a node shows its logo: on its left, or on its other side. */
export const LOGO_POSITIONS = ['left', 'right'] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];

export const nodeSocketSchema = z.object({
  /** Unique among the node's inputs (or outputs): what a connection names. */
  key: z.string(),
  label: z.string(),
  socket: z.object({ type: z.enum(SOCKET_TYPES) }),
  /** An input the node cannot run without (validation points at a node that leaves it unconnected). */
  required: z.boolean().optional(),
});
export type NodeSocket = z.infer<typeof nodeSocketSchema>;

/** One node kind, as list_nodes serves it. */
export const nodeKindSchema = z.object({
  type: z.string(),
  name: z.string(),
  category: z.enum(NODE_CATEGORIES),
  description: z.string(),
  /** Hex colour of the node's header. */
  node_color: z.string(),
  /** A Tabler icon name (without the `Icon` prefix), e.g. `Math`, `Filter`. */
  logo: z.string(),
  logo_position: z.enum(LOGO_POSITIONS),
  inputs: z.array(nodeSocketSchema),
  outputs: z.array(nodeSocketSchema),
  /**
   * The config key whose array of `{ output }` entries adds named outputs (switch: one per route);
   * the node's fixed outputs come after them.
   */
  dynamic_outputs: z.string().optional(),
  /**
   * JSON Schema (draft 2020-12) of the node's config. Properties may carry `picker` (`sensor`,
   * `sensor_type`, `asset`, `gateway`, `sensors`, `member`) for an entity picker, `widget` (`code`,
   * `expression`, `textarea`) for an editor, `title` and `description` for the form's labels.
   */
  config_schema: z.record(z.string(), z.unknown()),
  default_config: z.record(z.string(), z.unknown()),
});
export type NodeKind = z.infer<typeof nodeKindSchema>;

export const listNodesResponseSchema = z.object({ nodes: z.array(nodeKindSchema) });
export type ListNodesResponse = z.infer<typeof listNodesResponseSchema>;
