/**
 * Widget instances CRUD /dash_mgmt/orgs/{orgId}/panels/{panelId}/widgets/{widgetId}/widget_instances[/{id}]
 * ({widgetId} is the catalogue variant). GET of one instance answers its data for the read query.
 */
import {
  widgetDataBatchBodySchema,
  widgetDataBatchParamsSchema,
  widgetDataBatchResponseSchema,
  widgetDataQuerySchema,
  widgetInstanceBodySchema,
  widgetInstanceCollectionParamsSchema,
  widgetInstanceDataResponseSchema,
  widgetInstanceListResponseSchema,
  widgetInstanceParamsSchema,
  widgetInstanceSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import { plainJsonSerializer } from '../../../platform/http/plainJson';
import { readAhead } from '../../../platform/http/readAhead';
import { actorOf, DASH_PREFIX, DASH_TAGS, errorResponses } from '../shared';
import { readPanelWidgets } from './batchRead';
import { WidgetRepository } from './repository';
import { WidgetService } from './service';

/** Registers the widget instance routes. */
export const widgetRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new WidgetService(new WidgetRepository(deps.db), deps.db, deps.realtime);
  const tags = DASH_TAGS;
  const collection = `${DASH_PREFIX}/panels/:panelId/widgets/:widgetId/widget_instances`;
  const item = `${collection}/:id`;

  app.get(collection, {
    config: { permission: 'dashboards.view' },
    schema: {
      tags,
      summary: "The panel's instances of one widget variant",
      params: widgetInstanceCollectionParamsSchema,
      response: { 200: widgetInstanceListResponseSchema, ...errorResponses },
    },
    handler: (request) =>
      service.list(requireAuth(request).orgId, request.params.panelId, request.params.widgetId),
  });

  app.post(collection, {
    config: { permission: 'dashboards.edit' },
    schema: {
      tags,
      summary:
        "Place a widget variant in the panel: config over the variant's defaults (its series name the sensor parameters read), grid position",
      params: widgetInstanceCollectionParamsSchema,
      body: widgetInstanceBodySchema,
      response: { 201: widgetInstanceSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { panelId, widgetId } = request.params;
      return reply.status(201).send(await service.create(actorOf(request), panelId, widgetId, request.body));
    },
  });

  // A widget read starts beside its caller's authorization: every open dashboard refreshes its widgets.
  app.get(item, {
    config: { permission: 'dashboards.view', readAhead: true },
    serializerCompiler: plainJsonSerializer,
    schema: {
      tags,
      summary:
        "A widget instance with its data: aggregate_func, from_date, to_date, group_interval, group_interval_type, type, last (each defaults to the widget's config)",
      params: widgetInstanceParamsSchema,
      querystring: widgetDataQuerySchema,
      response: { 200: widgetInstanceDataResponseSchema, ...errorResponses },
    },
    handler: (request) => {
      const { panelId, widgetId, id } = request.params;
      return readAhead(request, (orgId) => service.read(orgId, panelId, widgetId, id, request.query));
    },
  });

  app.post(`${DASH_PREFIX}/panels/:panelId/widget_data`, {
    config: { permission: 'dashboards.view', readAhead: true },
    serializerCompiler: plainJsonSerializer,
    schema: {
      tags,
      summary:
        "Several of the panel's widgets with their data at once, each with its read query (as GET of one instance takes it); a read that fails answers its own problem",
      params: widgetDataBatchParamsSchema,
      body: widgetDataBatchBodySchema,
      response: { 200: widgetDataBatchResponseSchema, ...errorResponses },
    },
    handler: (request) =>
      readAhead(request, (orgId) =>
        readPanelWidgets(deps.db, orgId, request.params.panelId, request.body.reads),
      ),
  });

  app.put(item, {
    config: { permission: 'dashboards.edit' },
    schema: {
      tags,
      summary:
        "Replace a widget instance's config, subpanel and position (the path's variant becomes its variant)",
      params: widgetInstanceParamsSchema,
      body: widgetInstanceBodySchema,
      response: { 200: widgetInstanceSchema, ...errorResponses },
    },
    handler: (request) => {
      const { panelId, widgetId, id } = request.params;
      return service.update(actorOf(request), panelId, widgetId, id, request.body);
    },
  });

  app.delete(item, {
    config: { permission: 'dashboards.edit' },
    schema: {
      tags,
      summary: 'Remove a widget instance',
      params: widgetInstanceParamsSchema,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { panelId, widgetId, id } = request.params;
      await service.delete(actorOf(request), panelId, widgetId, id);
      return reply.status(204).send(null);
    },
  });
};
