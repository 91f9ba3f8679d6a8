/**
 * Sharing with members by e-mail (spec §7 "Sharing"), under /dash_mgmt/orgs/{orgId}/dashboard/{dashboardId}:
 * POST /share, GET /users, DELETE /revoke/{userEmail}.
 */
import {
  dashboardRevokeParamsSchema,
  dashboardShareBodySchema,
  dashboardShareParamsSchema,
  dashboardSharesResponseSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../platform/http/authContext';
import { type AppDeps, requestBrand } from '../../../platform/http/deps';
import { actorOf, DASH_PREFIX, DASH_TAGS, errorResponses } from '../shared';
import { DashboardShareRepository } from './shareRepository';
import { UserShareService } from './userShares';

const share = { permission: 'dashboards.share' as const };

/** Registers the e-mail sharing routes. */
export const userShareRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new UserShareService(new DashboardShareRepository(deps.db));
  const tags = DASH_TAGS;
  const path = `${DASH_PREFIX}/dashboard/:dashboardId`;

  app.post(`${path}/share`, {
    config: share,
    schema: {
      tags,
      summary:
        'Share a dashboard with members of the organization by e-mail: each is mailed and finds it under Shared Dashboards',
      params: dashboardShareParamsSchema,
      body: dashboardShareBodySchema,
      response: { 201: dashboardSharesResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const context = {
        mailer: deps.mailer,
        log: request.log,
        publicUrl: deps.config.publicUrl,
        brand: requestBrand(request, deps.config),
      };
      const users = await service.share(context, actorOf(request), request.params.dashboardId, request.body);
      return reply.status(201).send(users);
    },
  });

  app.get(`${path}/users`, {
    config: share,
    schema: {
      tags,
      summary: 'The people a dashboard is shared with',
      params: dashboardShareParamsSchema,
      response: { 200: dashboardSharesResponseSchema, ...errorResponses },
    },
    handler: (request) => service.list(requireAuth(request).orgId, request.params.dashboardId),
  });

  app.delete(`${path}/revoke/:userEmail`, {
    config: share,
    schema: {
      tags,
      summary: 'Stop sharing a dashboard with someone (it leaves their Shared Dashboards)',
      params: dashboardRevokeParamsSchema,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.revoke(actorOf(request), request.params.dashboardId, request.params.userEmail);
      return reply.status(204).send(null);
    },
  });
};
