/**
 * GET /stream_process/list_nodes: every node kind with its sockets, colour, logo and config form.
 * Public like the widget catalogue: it describes the product, not an organization's data.
 */
import { listNodesResponseSchema } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeviceDeps } from '../../iotManager';
import { errorResponses, STREAM_PREFIX, STREAM_TAGS } from '../shared';
import { describeNodeKind, NODE_KINDS } from './registry';

/** Registers list_nodes. */
export const nodeRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app) => {
  // Built once: the kinds are fixed for the life of the process.
  const described = { nodes: NODE_KINDS.map((kind) => describeNodeKind(kind)) };

  app.get(`${STREAM_PREFIX}/list_nodes`, {
    config: { access: 'public' },
    schema: {
      tags: STREAM_TAGS,
      summary: 'Every node kind: category, sockets, colour, logo and its config as JSON Schema',
      response: { 200: listNodesResponseSchema, ...errorResponses },
    },
    handler: async () => described,
  });
};
