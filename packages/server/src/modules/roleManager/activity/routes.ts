/** Role Manager activity: GET /role_mgmt/orgs/{orgId}/activity, the organization's audit log. */
import { listActivityQuerySchema, listActivityResponseSchema, orgParamsSchema } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import { problemResponses } from '../../../platform/http/problemResponses';
import { ROLE_MGMT_PREFIX } from '../shared';
import { ActivityRepository } from './repository';
import { ActivityService } from './service';

const errors = problemResponses(400, 401, 403);

/** Registers the activity route. */
export const activityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new ActivityService(new ActivityRepository(deps.db));

  app.get(`${ROLE_MGMT_PREFIX}/activity`, {
    config: { permission: 'roleManager.viewActivity' },
    schema: {
      tags: ['roleManager'],
      summary: 'Who changed what and when, newest first; filter by person, app, dates and summary text',
      params: orgParamsSchema,
      querystring: listActivityQuerySchema,
      response: { 200: listActivityResponseSchema, ...errors },
    },
    handler: (request) => service.list(requireAuth(request).orgId, request.query),
  });
};
