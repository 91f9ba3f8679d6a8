/**
 * Gateways: /iot_mgmt/orgs/{orgId}/projects/{projectId}/gateways (list, create) and
 * /iot_mgmt/orgs/{orgId}/gateways/{id} (read, replace, delete, archive, unarchive, new access token).
 */
import {
  gatewayBodySchema,
  gatewayParamsSchema,
  gatewaySchema,
  gatewayWithTokenSchema,
  listGatewaysQuerySchema,
  listGatewaysResponseSchema,
  projectGatewaysParamsSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abilitiesInApp } from '../../../platform/authorization/abilities';
import { requireAuth } from '../../../platform/http/authContext';
import type { DeviceDeps } from '../ingest/deviceServices';
import { actorOf, errorResponses, IOT_MGMT_PREFIX, IOT_TAGS } from '../shared';
import { deleteGateway, rotateGatewayToken, setGatewayArchived } from './lifecycle';
import { GatewayRepository } from './repository';
import { GatewayService } from './service';

const view = { permission: 'iotManager.view' as const };
const manage = { permission: 'iotManager.manageGateways' as const };
const tags = IOT_TAGS;

/** Registers the gateway routes. */
export const gatewayRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const service = new GatewayService(new GatewayRepository(deps.db), deps);
  const collection = `${IOT_MGMT_PREFIX}/projects/:projectId/gateways`;
  const item = `${IOT_MGMT_PREFIX}/gateways/:id`;

  app.get(collection, {
    config: view,
    schema: {
      tags,
      summary:
        'Gateways of the Active or Archived tab of a project (25 a page), with tab counts; search on name, topic and client id',
      params: projectGatewaysParamsSchema,
      querystring: listGatewaysQuerySchema,
      response: { 200: listGatewaysResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const page = await service.list(auth.orgId, request.params.projectId, request.query);
      return { ...page, abilities: abilitiesInApp(auth.abilities, 'iotManager') };
    },
  });

  app.post(collection, {
    config: manage,
    schema: {
      tags,
      summary:
        'Create a gateway in an active project; the answer holds its access token, shown only this once. 409 when the topic or client id is taken or the organization reached its gateway limit',
      params: projectGatewaysParamsSchema,
      body: gatewayBodySchema,
      response: { 201: gatewayWithTokenSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.params.projectId, request.body)),
  });

  app.get(item, {
    config: view,
    schema: {
      tags,
      summary: 'One gateway with its credentials (token hint only), parameters and status',
      params: gatewayParamsSchema,
      response: { 200: gatewaySchema, ...errorResponses },
    },
    handler: (request) => service.get(requireAuth(request).orgId, request.params.id),
  });

  app.put(item, {
    config: manage,
    schema: {
      tags,
      summary:
        'Replace a gateway (parameters, timestamp mapping, connection); omitted topic, client id and user name are kept',
      params: gatewayParamsSchema,
      body: gatewayBodySchema,
      response: { 200: gatewaySchema, ...errorResponses },
    },
    handler: (request) => service.update(actorOf(request), request.params.id, request.body),
  });

  app.delete(item, {
    config: manage,
    schema: {
      tags,
      summary: 'Delete a gateway with its mappings, log, commands and rollouts',
      params: gatewayParamsSchema,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await deleteGateway(service, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  for (const [verb, archive] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(`${item}/${verb}`, {
      config: manage,
      schema: {
        tags,
        summary: archive
          ? 'Archive a gateway: its devices are refused until it is unarchived (409 when already archived)'
          : 'Unarchive a gateway (409 when already active or the gateway limit is reached)',
        params: gatewayParamsSchema,
        response: { 200: gatewaySchema, ...errorResponses },
      },
      handler: (request) => setGatewayArchived(service, actorOf(request), request.params.id, archive),
    });
  }

  app.post(`${item}/access_token`, {
    config: manage,
    schema: {
      tags,
      summary:
        'Issue a new access token; the old one stops working at once. The token is shown only in this answer',
      params: gatewayParamsSchema,
      response: { 200: gatewayWithTokenSchema, ...errorResponses },
    },
    handler: (request) => rotateGatewayToken(service, actorOf(request), request.params.id),
  });
};
