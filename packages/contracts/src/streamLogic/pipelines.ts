/**
 * Logic chains ("pipelines", spec §3 "Logic chain: actions, name, description, id"; §7 Stream logic):
 * `GET, POST /stream_process/{projectId}/pipelines`, `GET, PATCH, DELETE …/pipelines/{pipelineId}`.
 * A chain's `actions` are its nodes and `connections` join an output socket to an input socket.
 *
 * Deploy by revision: every change is a PATCH carrying the `revision` it edits; a stale one is 409
 * (`staleRevisionSchema`, saying who changed it and when). Every deploy keeps a version (with a diff);
 * rolling back deploys an old version as a new revision. `enabled` runs or stops the chain without
 * deleting it. Validation (`chainProblemSchema`) points at the node or connection at fault.
 */
import { z } from 'zod';
import { pageQuerySchema, uuidParam } from '../lists';
import { freeText, nameText } from '../text';
import { LOGO_POSITIONS } from './nodes';

/** A chain holds at most this many nodes and connections (a form, not a program). */
export const CHAIN_MAX_NODES = 100;
export const CHAIN_MAX_CONNECTIONS = 300;
/** A node's config, as JSON, is at most this long (a script's code included). */
export const NODE_CONFIG_MAX_CHARS = 20_000;

const elementId = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: `${field} must be 1-64 letters, digits, - or _` });

export const chainNodeSchema = z
  .object({
    id: elementId('Node id'),
    type: z.string({ error: 'Node type must be text' }).min(1, { error: 'Node type is required' }).max(64),
    name: nameText('Node name', 80).min(1, { error: 'Node name is required' }),
    config: z
      .record(z.string(), z.unknown())
      .default({})
      .refine((config) => JSON.stringify(config).length <= NODE_CONFIG_MAX_CHARS, {
        error: `A node's configuration must be at most ${NODE_CONFIG_MAX_CHARS} characters`,
      }),
    position: z.object({ x: z.number().finite(), y: z.number().finite() }).strict(),
    /** Overrides the kind's colour. */
    node_color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Node colour must be #rrggbb' })
      .optional(),
    logo_position: z.enum(LOGO_POSITIONS).optional(),
  })
  .strict();
export type ChainNode = z.infer<typeof chainNodeSchema>;

export const chainConnectionSchema = z
  .object({
    id: elementId('Connection id'),
    source: elementId('Connection source'),
    source_output: z.string().min(1).max(64),
    target: elementId('Connection target'),
    target_input: z.string().min(1).max(64),
  })
  .strict();
export type ChainConnection = z.infer<typeof chainConnectionSchema>;

/** The graph of a chain: what a deploy carries and a version keeps. */
export const chainGraphSchema = z.object({
  actions: z
    .array(chainNodeSchema)
    .max(CHAIN_MAX_NODES, { error: `A chain holds at most ${CHAIN_MAX_NODES} nodes` }),
  connections: z
    .array(chainConnectionSchema)
    .max(CHAIN_MAX_CONNECTIONS, { error: `A chain holds at most ${CHAIN_MAX_CONNECTIONS} connections` }),
});
export type ChainGraph = z.infer<typeof chainGraphSchema>;

/** One thing wrong with a chain, pointing at its node (or connection). */
export const chainProblemSchema = z.object({
  node_id: z.string().nullable(),
  connection_id: z.string().nullable(),
  message: z.string(),
});
export type ChainProblem = z.infer<typeof chainProblemSchema>;
/** 422 body of a deploy or a validation that found problems. */
export const chainProblemsResponseSchema = z.object({
  message: z.string(),
  problems: z.array(chainProblemSchema),
});

export const projectPipelinesParamsSchema = z.object({ projectId: uuidParam('projectId') });
export const pipelineParamsSchema = z.object({
  projectId: uuidParam('projectId'),
  pipelineId: uuidParam('pipelineId'),
});

export const PIPELINE_STATUSES = ['running', 'disabled', 'failing'] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

const personSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const pipelineSummarySchema = z.object({
  id: z.string(),
  project_id: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  revision: z.number().int(),
  /** `failing` when a node failed within the last 15 minutes. */
  status: z.enum(PIPELINE_STATUSES),
  node_count: z.number().int(),
  updated_at: z.string(),
  updated_by: personSchema,
});
export type PipelineSummary = z.infer<typeof pipelineSummarySchema>;

export const pipelineSchema = pipelineSummarySchema.extend({
  actions: z.array(chainNodeSchema),
  connections: z.array(chainConnectionSchema),
  created_at: z.string(),
  /** Which nodes trace every message now (debug without a redeploy); `debug_all` traces all of them. */
  debug_all: z.boolean(),
  debug_nodes: z.array(z.string()),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

export const pipelineListQuerySchema = pageQuerySchema.extend({
  status: z.enum(['all', 'enabled', 'disabled']).default('all'),
});
export const pipelineListResponseSchema = z.object({
  pipelines: z.array(pipelineSummarySchema),
  total_entries: z.number().int(),
  /** For the tabs: every chain of the project, the enabled and the disabled ones. */
  counts: z.object({ all: z.number().int(), enabled: z.number().int(), disabled: z.number().int() }),
});
export type PipelineListResponse = z.infer<typeof pipelineListResponseSchema>;

export const createPipelineSchema = z
  .object({
    name: nameText('Name').min(1, { error: 'Name is required' }),
    description: freeText('Description', 1000).default(''),
    actions: chainGraphSchema.shape.actions.default([]),
    connections: chainGraphSchema.shape.connections.default([]),
    /** A new chain starts disabled unless asked; enabling validates it like a deploy. */
    enabled: z.boolean().default(false),
  })
  .strict();
export type CreatePipelineBody = z.input<typeof createPipelineSchema>;

/** A deploy: the revision it edits and whatever it changes. */
export const updatePipelineSchema = z
  .object({
    revision: z.number({ error: 'Revision is required' }).int().min(1),
    name: nameText('Name').min(1, { error: 'Name is required' }).optional(),
    description: freeText('Description', 1000).optional(),
    actions: chainGraphSchema.shape.actions.optional(),
    connections: chainGraphSchema.shape.connections.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdatePipelineBody = z.infer<typeof updatePipelineSchema>;

/** 409 body of a PATCH whose revision is not the chain's current one. */
export const staleRevisionSchema = z.object({
  message: z.string(),
  revision: z.number().int(),
  updated_at: z.string(),
  updated_by: personSchema,
});
export type StaleRevision = z.infer<typeof staleRevisionSchema>;

/** What a deploy changed against the version before it. */
export const versionDiffSchema = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
  connections_added: z.number().int(),
  connections_removed: z.number().int(),
  renamed: z.boolean(),
});
export type VersionDiff = z.infer<typeof versionDiffSchema>;

export const pipelineVersionSchema = z.object({
  revision: z.number().int(),
  deployed_at: z.string(),
  deployed_by: personSchema,
  name: z.string(),
  /** The revision this one restored, when it was a rollback. */
  rollback_of: z.number().int().nullable(),
  diff: versionDiffSchema,
  node_count: z.number().int(),
});
export type PipelineVersion = z.infer<typeof pipelineVersionSchema>;
export const pipelineVersionsResponseSchema = z.object({ versions: z.array(pipelineVersionSchema) });

export const versionParamsSchema = pipelineParamsSchema.extend({
  revision: z.coerce.number({ error: 'revision must be a number' }).int().min(1),
});
/** `POST …/pipelines/{id}/versions/{revision}/rollback`: the revision being replaced (as a PATCH). */
export const rollbackSchema = z
  .object({ revision: z.number({ error: 'Revision is required' }).int().min(1) })
  .strict();
/** `GET …/pipelines/{id}/versions/{revision}`: the graph of one version. */
export const pipelineVersionDetailSchema = pipelineVersionSchema.extend({
  description: z.string(),
  actions: z.array(chainNodeSchema),
  connections: z.array(chainConnectionSchema),
});

/** `POST /stream_process/{projectId}/pipelines/validate`: a graph checked without deploying it. */
export const validateChainSchema = chainGraphSchema.strict();
export const validateChainResponseSchema = z.object({ problems: z.array(chainProblemSchema) });

/** §7 `GET /stream_process/{projectId}/gateways` (page_number 1, page_size 25). */
export const streamGatewaysQuerySchema = pageQuerySchema.extend({
  page_size: z.coerce.number().int().min(1).max(200).default(25),
});
export const streamGatewaysResponseSchema = z.object({
  gateways: z.array(z.object({ uuid: z.string(), name: z.string(), type: z.string(), status: z.string() })),
  total_entries: z.number().int(),
});
/** §7 `GET /stream_process/{projectId}/assets`: `entities[0].entities` with uuid and name. */
export const streamAssetsResponseSchema = z.object({
  entities: z.array(
    z.object({
      entities: z.array(z.object({ uuid: z.string(), name: z.string(), type: z.string().nullable() })),
    }),
  ),
});
