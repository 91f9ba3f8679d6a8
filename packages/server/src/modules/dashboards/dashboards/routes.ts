/**
 * Dashboards under /dash_mgmt/orgs/{orgId}: POST, GET /dashboards (is_archived=true for archived,
 * shared=true for those shared with the caller); GET /recent_dashboards; GET, PUT, DELETE
 * /dashboards/{id}; POST /fetch_token (the realtime socket's token).
 */
import {
  dashboardBodySchema,
  dashboardDetailSchema,
  dashboardListQuerySchema,
  dashboardListResponseSchema,
  dashboardParamsSchema,
  orgParamsSchema,
  recentDashboardsResponseSchema,
  socketTokenResponseSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abilitiesInApp } from '../../../platform/authorization/abilities';
import { requireAuth } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import { actorOf, DASH_PREFIX, DASH_TAGS, errorResponses } from '../shared';
import { DashboardRepository } from './repository';
import { DashboardService } from './service';

/** Registers the dashboard routes. */
export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new DashboardService(new DashboardRepository(deps.db), deps.realtime);
  const tags = DASH_TAGS;
  const collection = `${DASH_PREFIX}/dashboards`;
  const item = `${collection}/:id`;

  app.get(collection, {
    config: { permission: 'dashboards.view' },
    schema: {
      tags,
      summary:
        'One page of the Active tab (or Archived with is_archived=true; shared=true: dashboards shared with you), with both tab counts',
      params: orgParamsSchema,
      querystring: dashboardListQuerySchema,
      response: { 200: dashboardListResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const page = await service.list(actorOf(request), request.query);
      return { ...page, abilities: abilitiesInApp(auth.abilities, 'dashboards') };
    },
  });

  app.post(collection, {
    config: { permission: 'dashboards.create' },
    schema: {
      tags,
      summary: 'Create a dashboard (name, description, theme, grid layout)',
      params: orgParamsSchema,
      body: dashboardBodySchema,
      response: { 201: dashboardDetailSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.body)),
  });

  app.get(`${DASH_PREFIX}/recent_dashboards`, {
    config: { permission: 'dashboards.view' },
    schema: {
      tags,
      summary: 'The active dashboards you opened most recently, newest first',
      params: orgParamsSchema,
      response: { 200: recentDashboardsResponseSchema, ...errorResponses },
    },
    handler: (request) => service.recent(actorOf(request)),
  });

  app.get(item, {
    config: { permission: 'dashboards.view' },
    schema: {
      tags,
      summary: 'Open a dashboard: its fields, panels and links (it joins your recent dashboards)',
      params: dashboardParamsSchema,
      response: { 200: dashboardDetailSchema, ...errorResponses },
    },
    handler: (request) => service.open(actorOf(request), request.params.id),
  });

  app.put(item, {
    config: { permission: 'dashboards.edit' },
    schema: {
      tags,
      summary: "Replace a dashboard's fields; is_archived moves it between the Active and Archived tabs",
      params: dashboardParamsSchema,
      body: dashboardBodySchema,
      response: { 200: dashboardDetailSchema, ...errorResponses },
    },
    handler: (request) => service.update(actorOf(request), request.params.id, request.body),
  });

  app.delete(item, {
    config: { permission: 'dashboards.delete' },
    schema: {
      tags,
      summary: 'Delete a dashboard with its panels, widgets and links (link holders are disconnected)',
      params: dashboardParamsSchema,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.delete(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post(`${DASH_PREFIX}/fetch_token`, {
    config: { permission: 'dashboards.view' },
    schema: {
      tags,
      summary:
        'A token for the realtime socket at /api/socket (connect with auth.token); it ends with your access token',
      params: orgParamsSchema,
      response: { 200: socketTokenResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const ttl = Math.max(1, Math.floor((auth.tokenExpiresAt.getTime() - Date.now()) / 1000));
      const token = await deps.jwt.sign(
        { sub: auth.userId, purpose: 'socket', sid: auth.sessionId, org: auth.orgId },
        ttl,
      );
      return { token, expires_at: new Date(Date.now() + ttl * 1000).toISOString() };
    },
  });
};
