/** Actuation: POST and GET /iot_mgmt/orgs/{orgId}/gateways/{id}/commands. */
import {
  commandBodySchema,
  commandListResponseSchema,
  commandSchema,
  gatewayParamsSchema,
  iotHistoryQuerySchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../platform/http/authContext';
import type { DeviceDeps } from '../ingest/deviceServices';
import { actorOf, errorResponses, IOT_MGMT_PREFIX, IOT_TAGS } from '../shared';
import { CommandRepository } from './repository';
import { CommandService } from './service';

/** Registers the command routes. */
export const commandRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const service = new CommandService(new CommandRepository(deps.db), deps);
  const path = `${IOT_MGMT_PREFIX}/gateways/:id/commands`;

  app.post(path, {
    config: { permission: 'iotManager.actuate' },
    schema: {
      tags: IOT_TAGS,
      summary:
        'Send a command: stored pending until timeout_s, pushed at once to a connected MQTT gateway (delivered), otherwise fetched by the device. 409 for an archived gateway',
      params: gatewayParamsSchema,
      body: commandBodySchema,
      response: { 201: commandSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.params.id, request.body)),
  });

  app.get(path, {
    config: { permission: 'iotManager.view' },
    schema: {
      tags: IOT_TAGS,
      summary: "The gateway's commands, newest first, with their status",
      params: gatewayParamsSchema,
      querystring: iotHistoryQuerySchema,
      response: { 200: commandListResponseSchema, ...errorResponses },
    },
    handler: (request) => service.list(requireAuth(request).orgId, request.params.id, request.query),
  });
};
