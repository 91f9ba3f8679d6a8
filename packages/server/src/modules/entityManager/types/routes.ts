/** Asset and sensor types: /entity_mgmt/orgs/{orgId}/asset_types and /sensor_types (list and CRUD). */
import {
  type EntityKind,
  entityTypeBodySchema,
  entityTypeSchema,
  listEntityTypesQuerySchema,
  listEntityTypesResponseSchema,
  orgItemParamsSchema,
  orgParamsSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abilitiesInApp } from '../../../platform/authorization/abilities';
import { requireAuth } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import { problemResponses } from '../../../platform/http/problemResponses';
import { actorOf, ENTITY_MGMT_PREFIX } from '../shared';
import { TypeRepository } from './repository';
import { TypeService } from './service';

const tags = ['entityManager'];
const errors = problemResponses(400, 401, 403, 404, 409);
const view = { permission: 'entityManager.view' as const };
const manage = { permission: 'entityManager.manageTypes' as const };

/** Registers the type routes of both kinds. */
export const entityTypeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  for (const kind of ['asset', 'sensor'] as const satisfies readonly EntityKind[]) {
    const service = new TypeService(new TypeRepository(deps.db), kind);
    const base = `${ENTITY_MGMT_PREFIX}/${kind}_types`;

    app.get(base, {
      config: view,
      schema: {
        tags,
        summary: `${kind} types by name, with search and paging; each with its effective (inherited) fields`,
        params: orgParamsSchema,
        querystring: listEntityTypesQuerySchema,
        response: { 200: listEntityTypesResponseSchema, ...errors },
      },
      handler: async (request) => {
        const auth = requireAuth(request);
        const page = await service.list(auth.orgId, request.query);
        return { ...page, abilities: abilitiesInApp(auth.abilities, 'entityManager') };
      },
    });

    app.post(base, {
      config: manage,
      schema: {
        tags,
        summary: `Create a ${kind} type, optionally inheriting from a parent ${kind} type`,
        params: orgParamsSchema,
        body: entityTypeBodySchema,
        response: { 201: entityTypeSchema, ...errors },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await service.create(actorOf(request), request.body)),
    });

    app.get(`${base}/:id`, {
      config: view,
      schema: {
        tags,
        summary: `One ${kind} type with its effective fields and usage count`,
        params: orgItemParamsSchema,
        response: { 200: entityTypeSchema, ...errors },
      },
      handler: (request) => service.get(requireAuth(request).orgId, request.params.id),
    });

    app.put(`${base}/:id`, {
      config: manage,
      schema: {
        tags,
        summary: `Replace a ${kind} type; a parent that inherits from it is refused (409, cycle)`,
        params: orgItemParamsSchema,
        body: entityTypeBodySchema,
        response: { 200: entityTypeSchema, ...errors },
      },
      handler: (request) => service.update(actorOf(request), request.params.id, request.body),
    });

    app.delete(`${base}/:id`, {
      config: manage,
      schema: {
        tags,
        summary: `Delete a ${kind} type; refused (409, naming them) while entities use it or types inherit from it`,
        params: orgItemParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      handler: async (request, reply) => {
        await service.delete(actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  }
};
