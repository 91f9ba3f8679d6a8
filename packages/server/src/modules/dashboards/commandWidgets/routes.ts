/**
 * Command widgets CRUD /dash_mgmt/orgs/{orgId}/panels/{panelId}/command_widgets[/{id}], sending one
 * (…/{id}/send), and what their editor offers: GET /gateways and GET /command_widget_types.
 */
import {
  COMMAND_WIDGET_DEFAULT_TEMPLATES,
  COMMAND_WIDGET_TYPES,
  commandWidgetBodySchema,
  commandWidgetCollectionParamsSchema,
  commandWidgetListResponseSchema,
  commandWidgetParamsSchema,
  commandWidgetSchema,
  commandWidgetSendBodySchema,
  commandWidgetSendResponseSchema,
  commandWidgetSettingsSchema,
  commandWidgetTypesResponseSchema,
  dashboardGatewaysQuerySchema,
  dashboardGatewaysResponseSchema,
  orgParamsSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../platform/http/authContext';
import { type DeviceDeps, gatewayStatus } from '../../iotManager';
import {
  actorOf,
  DASH_PREFIX,
  DASH_TAGS,
  errorResponses,
  pageWindow,
  problems,
  searchPattern,
} from '../shared';
import { CommandWidgetRepository } from './repository';
import { CommandWidgetService } from './service';

const view = { permission: 'dashboards.view' as const };
const edit = { permission: 'dashboards.edit' as const };

/** Registers the command widget routes and their editor's lists. */
export const commandWidgetRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const repo = new CommandWidgetRepository(deps.db);
  const service = new CommandWidgetService(repo, deps);
  const tags = DASH_TAGS;
  const collection = `${DASH_PREFIX}/panels/:panelId/command_widgets`;
  const item = `${collection}/:id`;

  app.get(`${DASH_PREFIX}/gateways`, {
    config: view,
    schema: {
      tags,
      summary: "The organization's active gateways by name, with project and status, for command widgets",
      params: orgParamsSchema,
      querystring: dashboardGatewaysQuerySchema,
      response: { 200: dashboardGatewaysResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { orgId } = requireAuth(request);
      const pattern = searchPattern(request.query.search);
      const [rows, total] = await Promise.all([
        repo.gateways(orgId, { pattern, ...pageWindow(request.query) }),
        repo.countGateways(orgId, pattern),
      ]);
      const now = Date.now();
      return {
        gateways: rows.map((row) => ({
          id: row.id,
          name: row.name,
          project: { id: row.project_id, name: row.project_name },
          type: row.type,
          protocol: row.protocol,
          status: gatewayStatus(row.last_seen_at, row.heartbeat_timeout_s, now),
        })),
        total_entries: total,
      };
    },
  });

  app.get(`${DASH_PREFIX}/command_widget_types`, {
    config: view,
    schema: {
      tags,
      summary:
        'The command widget kinds (button, switch, slider, set-point), what each sends and its defaults',
      params: orgParamsSchema,
      response: { 200: commandWidgetTypesResponseSchema, ...errorResponses },
    },
    handler: async () => ({
      command_widget_types: COMMAND_WIDGET_TYPES.map((type) => ({
        ...type,
        default_settings: commandWidgetSettingsSchema.parse({}),
        default_value_template: COMMAND_WIDGET_DEFAULT_TEMPLATES[type.kind],
      })),
    }),
  });

  app.get(collection, {
    config: view,
    schema: {
      tags,
      summary: "The panel's command widgets",
      params: commandWidgetCollectionParamsSchema,
      response: { 200: commandWidgetListResponseSchema, ...errorResponses },
    },
    handler: (request) => service.list(requireAuth(request).orgId, request.params.panelId),
  });

  app.post(collection, {
    config: edit,
    schema: {
      tags,
      summary: 'Place a button, switch, slider or set-point that sends a named command to a gateway',
      params: commandWidgetCollectionParamsSchema,
      body: commandWidgetBodySchema,
      response: { 201: commandWidgetSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.params.panelId, request.body)),
  });

  app.get(item, {
    config: view,
    schema: {
      tags,
      summary: 'One command widget',
      params: commandWidgetParamsSchema,
      response: { 200: commandWidgetSchema, ...errorResponses },
    },
    handler: (request) => service.get(requireAuth(request).orgId, request.params.panelId, request.params.id),
  });

  app.put(item, {
    config: edit,
    schema: {
      tags,
      summary: "Replace a command widget's fields",
      params: commandWidgetParamsSchema,
      body: commandWidgetBodySchema,
      response: { 200: commandWidgetSchema, ...errorResponses },
    },
    handler: (request) =>
      service.update(actorOf(request), request.params.panelId, request.params.id, request.body),
  });

  app.delete(item, {
    config: edit,
    schema: {
      tags,
      summary: 'Remove a command widget',
      params: commandWidgetParamsSchema,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.delete(actorOf(request), request.params.panelId, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post(`${item}/send`, {
    // Actuating a gateway is the IoT Manager's "send commands" right; the dashboard must be visible too.
    config: { permission: 'iotManager.actuate' },
    schema: {
      tags,
      summary:
        "Send the widget's command with the picked value (switch: true/false; slider, set-point: a number in range); confirmed must be true when the widget asks for confirmation",
      params: commandWidgetParamsSchema,
      body: commandWidgetSendBodySchema,
      response: { 201: commandWidgetSendResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      if (!requireAuth(request).abilities.permissions.has('dashboards.view')) {
        throw problems.forbidden('You do not have permission to open the app in Dashboards');
      }
      const sent = await service.send(
        actorOf(request),
        request.params.panelId,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(sent);
    },
  });
};
