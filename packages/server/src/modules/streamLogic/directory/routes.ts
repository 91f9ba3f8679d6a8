/**
 * The pickers of the chain editor (spec §7): GET /stream_process/{projectId}/gateways (page_number 1,
 * page_size 25; `gateways`) and GET /stream_process/{projectId}/assets (`entities[0].entities`).
 */
import {
  projectPipelinesParamsSchema,
  streamAssetsResponseSchema,
  streamGatewaysQuerySchema,
  streamGatewaysResponseSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../platform/http/authContext';
import { pageWindow } from '../../../platform/http/paging';
import { type DeviceDeps, gatewayStatus } from '../../iotManager';
import { errorResponses, STREAM_PREFIX, STREAM_TAGS } from '../shared';
import { DirectoryRepository } from './repository';

const view = { permission: 'streamLogic.view' as const };

/** Registers the gateway and asset pickers. */
export const directoryRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const repo = new DirectoryRepository(deps.db);

  app.get(`${STREAM_PREFIX}/:projectId/gateways`, {
    config: view,
    schema: {
      tags: STREAM_TAGS,
      summary: "A page of the project's gateways by name, with their type and status",
      params: projectPipelinesParamsSchema,
      querystring: streamGatewaysQuerySchema,
      response: { 200: streamGatewaysResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const page = await repo.gateways(
        requireAuth(request).orgId,
        request.params.projectId,
        pageWindow(request.query),
      );
      const now = Date.now();
      return {
        gateways: page.rows.map((row) => ({
          uuid: row.id,
          name: row.name,
          type: row.type,
          status: gatewayStatus(row.last_seen_at, row.heartbeat_timeout_s, now),
        })),
        total_entries: page.total,
      };
    },
  });

  app.get(`${STREAM_PREFIX}/:projectId/assets`, {
    config: view,
    schema: {
      tags: STREAM_TAGS,
      summary: "The project's assets (entities[0].entities: uuid, name and type)",
      params: projectPipelinesParamsSchema,
      response: { 200: streamAssetsResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const rows = await repo.assets(requireAuth(request).orgId, request.params.projectId);
      return {
        entities: [{ entities: rows.map((row) => ({ uuid: row.id, name: row.name, type: row.type_name })) }],
      };
    },
  });
};
