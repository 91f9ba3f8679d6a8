/**
 * Panels CRUD /dash_mgmt/orgs/{orgId}/dashboards/{dashboardId}/panels[/{id}] and subpanels CRUD under
 * …/panels/{panelId}/subpanels[/{id}].
 */
import {
  dashboardIdParamsSchema,
  panelBodySchema,
  panelDetailSchema,
  panelListResponseSchema,
  panelParamsSchema,
  subpanelBodySchema,
  subpanelCollectionParamsSchema,
  subpanelListResponseSchema,
  subpanelParamsSchema,
  subpanelSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import { actorOf, DASH_PREFIX, DASH_TAGS, errorResponses } from '../shared';
import { PanelRepository } from './repository';
import { PanelService } from './service';

const view = { permission: 'dashboards.view' as const };
const edit = { permission: 'dashboards.edit' as const };

/** Registers the panel and subpanel routes. */
export const panelRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new PanelService(new PanelRepository(deps.db), deps.realtime);
  const tags = DASH_TAGS;
  const panels = `${DASH_PREFIX}/dashboards/:dashboardId/panels`;
  const subpanels = `${panels}/:panelId/subpanels`;

  app.get(panels, {
    config: view,
    schema: {
      tags,
      summary: "A dashboard's panels in order",
      params: dashboardIdParamsSchema,
      response: { 200: panelListResponseSchema, ...errorResponses },
    },
    handler: (request) => service.list(requireAuth(request).orgId, request.params.dashboardId),
  });

  app.post(panels, {
    config: edit,
    schema: {
      tags,
      summary: 'Add a panel (after the last one unless an order is given)',
      params: dashboardIdParamsSchema,
      body: panelBodySchema,
      response: { 201: panelDetailSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(actorOf(request), request.params.dashboardId, request.body)),
  });

  app.get(`${panels}/:id`, {
    config: view,
    schema: {
      tags,
      summary: 'A panel with its subpanels, widget instances and command widgets',
      params: panelParamsSchema,
      response: { 200: panelDetailSchema, ...errorResponses },
    },
    handler: (request) =>
      service.get(requireAuth(request).orgId, request.params.dashboardId, request.params.id),
  });

  app.put(`${panels}/:id`, {
    config: edit,
    schema: {
      tags,
      summary:
        'Rename or reorder a panel; `layout` moves and resizes its children in one write (after a drag or resize)',
      params: panelParamsSchema,
      body: panelBodySchema,
      response: { 200: panelDetailSchema, ...errorResponses },
    },
    handler: (request) =>
      service.update(actorOf(request), request.params.dashboardId, request.params.id, request.body),
  });

  app.delete(`${panels}/:id`, {
    config: edit,
    schema: {
      tags,
      summary: 'Delete a panel with everything in it',
      params: panelParamsSchema,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.delete(actorOf(request), request.params.dashboardId, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.get(subpanels, {
    config: view,
    schema: {
      tags,
      summary: "A panel's subpanels in order",
      params: subpanelCollectionParamsSchema,
      response: { 200: subpanelListResponseSchema, ...errorResponses },
    },
    handler: (request) =>
      service.listSubpanels(requireAuth(request).orgId, request.params.dashboardId, request.params.panelId),
  });

  app.post(subpanels, {
    config: edit,
    schema: {
      tags,
      summary: "Add a subpanel to a panel's grid",
      params: subpanelCollectionParamsSchema,
      body: subpanelBodySchema,
      response: { 201: subpanelSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { dashboardId, panelId } = request.params;
      return reply
        .status(201)
        .send(await service.createSubpanel(actorOf(request), dashboardId, panelId, request.body));
    },
  });

  app.get(`${subpanels}/:id`, {
    config: view,
    schema: {
      tags,
      summary: 'One subpanel',
      params: subpanelParamsSchema,
      response: { 200: subpanelSchema, ...errorResponses },
    },
    handler: (request) => {
      const { dashboardId, panelId, id } = request.params;
      return service.getSubpanel(requireAuth(request).orgId, dashboardId, panelId, id);
    },
  });

  app.put(`${subpanels}/:id`, {
    config: edit,
    schema: {
      tags,
      summary: 'Rename, reorder or move a subpanel',
      params: subpanelParamsSchema,
      body: subpanelBodySchema,
      response: { 200: subpanelSchema, ...errorResponses },
    },
    handler: (request) => {
      const { dashboardId, panelId, id } = request.params;
      return service.updateSubpanel(actorOf(request), dashboardId, panelId, id, request.body);
    },
  });

  app.delete(`${subpanels}/:id`, {
    config: edit,
    schema: {
      tags,
      summary: 'Delete a subpanel and the widgets in it',
      params: subpanelParamsSchema,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { dashboardId, panelId, id } = request.params;
      await service.deleteSubpanel(actorOf(request), dashboardId, panelId, id);
      return reply.status(204).send(null);
    },
  });
};
