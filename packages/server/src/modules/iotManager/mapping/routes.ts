/**
 * Parameter mapping of a gateway: /iot_mgmt/orgs/{orgId}/gateways/{id}/mappings (list, create, delete)
 * and /mapping_tree (the project tree the mapping screen shows).
 */
import {
  gatewayParamsSchema,
  mappingBodySchema,
  mappingConflictSchema,
  mappingListResponseSchema,
  mappingParamsSchema,
  mappingSchema,
  mappingTreeResponseSchema,
  problemSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../platform/http/authContext';
import type { DeviceDeps } from '../ingest/deviceServices';
import { actorOf, errorResponses, IOT_MGMT_PREFIX, IOT_TAGS } from '../shared';
import { MappingRepository } from './repository';
import { MappingConflictProblem, MappingService } from './service';
import { mappingTree } from './tree';

const view = { permission: 'iotManager.view' as const };
const manage = { permission: 'iotManager.manageGateways' as const };
const tags = IOT_TAGS;

/** A 409 that, for a parameter already mapped, also names the mapping in the way. */
const conflictResponse = problemSchema.extend({ existing: mappingConflictSchema.shape.existing.optional() });

/** Registers the mapping routes. */
export const mappingRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const service = new MappingService(new MappingRepository(deps.db), deps.deviceLink);
  const base = `${IOT_MGMT_PREFIX}/gateways/:id`;

  app.get(`${base}/mappings`, {
    config: view,
    schema: {
      tags,
      summary: "The gateway's mappings: which JSON path feeds which sensor parameter",
      params: gatewayParamsSchema,
      response: { 200: mappingListResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      mappings: await service.list(requireAuth(request).orgId, request.params.id),
    }),
  });

  app.post(`${base}/mappings`, {
    config: manage,
    schema: {
      tags,
      summary:
        "Map a JSON path to a sensor parameter of the gateway's project. 409 names the mapping that already feeds the parameter; send replace: true to move it",
      params: gatewayParamsSchema,
      body: mappingBodySchema,
      response: { 201: mappingSchema, ...errorResponses, 409: conflictResponse },
    },
    handler: async (request, reply) => {
      try {
        return reply
          .status(201)
          .send(await service.create(actorOf(request), request.params.id, request.body));
      } catch (error) {
        // The shared error body has no room for `existing`; this answer carries it.
        if (error instanceof MappingConflictProblem) return reply.status(409).send(error.body());
        throw error;
      }
    },
  });

  app.delete(`${base}/mappings/:mappingId`, {
    config: manage,
    schema: {
      tags,
      summary: 'Remove a mapping',
      params: mappingParamsSchema,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.delete(actorOf(request), request.params.id, request.params.mappingId);
      return reply.status(204).send(null);
    },
  });

  app.get(`${base}/mapping_tree`, {
    config: view,
    schema: {
      tags,
      summary:
        "The gateway's project depth-first, each sensor with its parameters and the mapping feeding each",
      params: gatewayParamsSchema,
      response: { 200: mappingTreeResponseSchema, ...errorResponses },
    },
    handler: (request) => mappingTree(deps.db, requireAuth(request).orgId, request.params.id),
  });
};
