/**
 * Duplicating, under /dash_mgmt/orgs/{orgId}:
 * - POST /dashboards/{dashboardId}/duplicates: a copy of the whole dashboard;
 * - POST /dashboards/{dashboardId}/duplicate_dashboards: copies of chosen panels appended to another
 *   dashboard (or this one);
 * - POST /panels/{panelId}/duplicate_widgets: copies of chosen widgets into a panel, below what it holds.
 */
import {
  copyPanelsBodySchema,
  dashboardDetailSchema,
  dashboardIdParamsSchema,
  duplicateDashboardBodySchema,
  duplicateWidgetsBodySchema,
  panelDetailSchema,
  panelListResponseSchema,
  panelOnlyParamsSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/http/deps';
import { actorOf, DASH_PREFIX, DASH_TAGS, errorResponses } from '../shared';
import { CopyRepository } from './repository';
import { DuplicateService } from './service';

/** Registers the duplicate routes. */
export const duplicateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new DuplicateService(new CopyRepository(deps.db), deps.realtime);
  const tags = DASH_TAGS;

  app.post(`${DASH_PREFIX}/dashboards/:dashboardId/duplicates`, {
    config: { permission: 'dashboards.create' },
    schema: {
      tags,
      summary:
        'Duplicate a dashboard with its panels and widgets (not its links or shares), named "<name> (copy)" unless a name is given',
      params: dashboardIdParamsSchema,
      body: duplicateDashboardBodySchema,
      response: { 201: dashboardDetailSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.duplicateDashboard(actorOf(request), request.params.dashboardId, request.body.name),
        ),
  });

  app.post(`${DASH_PREFIX}/dashboards/:dashboardId/duplicate_dashboards`, {
    config: { permission: 'dashboards.edit' },
    schema: {
      tags,
      summary:
        "Copy some of this dashboard's panels (with everything in them) to the end of another dashboard",
      params: dashboardIdParamsSchema,
      body: copyPanelsBodySchema,
      response: { 201: panelListResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.copyPanels(actorOf(request), request.params.dashboardId, request.body)),
  });

  app.post(`${DASH_PREFIX}/panels/:panelId/duplicate_widgets`, {
    config: { permission: 'dashboards.edit' },
    schema: {
      tags,
      summary:
        "Copy some of this panel's widgets and command widgets into a panel (this one by default), below its contents",
      params: panelOnlyParamsSchema,
      body: duplicateWidgetsBodySchema,
      response: { 201: panelDetailSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.duplicateWidgets(actorOf(request), request.params.panelId, request.body)),
  });
};
