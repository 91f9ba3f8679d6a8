/** A project's chain activity: GET /stream_process/{projectId}/activity (deploys, rollbacks, errors). */
import {
  chainActivityQuerySchema,
  chainActivityResponseSchema,
  projectPipelinesParamsSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../platform/http/authContext';
import { pageWindow } from '../../../platform/http/paging';
import type { DeviceDeps } from '../../iotManager';
import { errorResponses, STREAM_PREFIX, STREAM_TAGS } from '../shared';
import { ChainActivityRepository } from './activity';

/** Registers the activity route. */
export const activityRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const repo = new ChainActivityRepository(deps.db);

  app.get(`${STREAM_PREFIX}/:projectId/activity`, {
    config: { permission: 'streamLogic.view' },
    schema: {
      tags: STREAM_TAGS,
      summary:
        "A project's chain activity, newest first: creations, deploys, rollbacks, enables, deletions, errors",
      params: projectPipelinesParamsSchema,
      querystring: chainActivityQuerySchema,
      response: { 200: chainActivityResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { query } = request;
      const page = await repo.page(requireAuth(request).orgId, request.params.projectId, {
        ...(query.pipeline_id ? { pipelineId: query.pipeline_id } : {}),
        ...(query.kind ? { kind: query.kind } : {}),
        ...pageWindow(query),
      });
      return { activity: page.activity, total_entries: page.total };
    },
  });
};
