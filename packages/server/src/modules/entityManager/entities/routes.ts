/**
 * Assets and sensors of a project: /entity_mgmt/orgs/{orgId}/projects/{projectId}/assets and /sensors
 * (list, CRUD, move). The project must be an active project of the caller's organization.
 */
import {
  deleteEntityQuerySchema,
  type EntityKind,
  entityBodySchema,
  entitySchema,
  listEntitiesQuerySchema,
  listEntitiesResponseSchema,
  moveEntityBodySchema,
  type Permission,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abilitiesInApp } from '../../../platform/authorization/abilities';
import { requireAuth } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import { problemResponses } from '../../../platform/http/problemResponses';
import { actorOf, ENTITY_MGMT_PREFIX, projectItemParamsSchema, projectParamsSchema } from '../shared';
import { EntityRepository } from './repository';
import { EntityService } from './service';

const tags = ['entityManager'];
const errors = problemResponses(400, 401, 403, 404, 409);
const view = { permission: 'entityManager.view' as const };
const MANAGE: Record<EntityKind, Permission> = {
  asset: 'entityManager.manageAssets',
  sensor: 'entityManager.manageSensors',
};

/** Registers the asset and sensor routes. */
export const entityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  for (const kind of ['asset', 'sensor'] as const satisfies readonly EntityKind[]) {
    const service = new EntityService(new EntityRepository(deps.db), kind);
    const manage = { permission: MANAGE[kind] };
    const base = `${ENTITY_MGMT_PREFIX}/projects/:projectId/${kind}s`;

    app.get(base, {
      config: view,
      schema: {
        tags,
        summary: `The project's ${kind}s by name: all of them, or those under parent_id or of type_id; search and paging`,
        params: projectParamsSchema,
        querystring: listEntitiesQuerySchema,
        response: { 200: listEntitiesResponseSchema, ...errors },
      },
      handler: async (request) => {
        const auth = requireAuth(request);
        const page = await service.list(auth.orgId, request.params.projectId, request.query);
        return { ...page, abilities: abilitiesInApp(auth.abilities, 'entityManager') };
      },
    });

    app.post(base, {
      config: manage,
      schema: {
        tags,
        summary: `Create a ${kind} under an asset of the project (parent_id) or at its top level`,
        params: projectParamsSchema,
        body: entityBodySchema,
        response: { 201: entitySchema, ...errors },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await service.create(actorOf(request), request.params.projectId, request.body)),
    });

    app.get(`${base}/:id`, {
      config: view,
      schema: {
        tags,
        summary: `One ${kind} with its ancestors (hierarchy), metadata and the type's parameters`,
        params: projectItemParamsSchema,
        response: { 200: entitySchema, ...errors },
      },
      handler: (request) =>
        service.get(requireAuth(request).orgId, request.params.projectId, request.params.id),
    });

    app.put(`${base}/:id`, {
      config: manage,
      schema: {
        tags,
        summary: `Replace a ${kind}; a different parent_id moves it with everything beneath it (409 on a cycle)`,
        params: projectItemParamsSchema,
        body: entityBodySchema,
        response: { 200: entitySchema, ...errors },
      },
      handler: (request) =>
        service.update(actorOf(request), request.params.projectId, request.params.id, request.body),
    });

    app.post(`${base}/:id/move`, {
      config: manage,
      schema: {
        tags,
        summary: `Move a ${kind} and everything beneath it under another asset (parent_id) or to the top level (null); 409 when the new parent is inside it`,
        params: projectItemParamsSchema,
        body: moveEntityBodySchema,
        response: { 200: entitySchema, ...errors },
      },
      handler: (request) =>
        service.move(actorOf(request), request.params.projectId, request.params.id, request.body.parent_id),
    });

    app.delete(`${base}/:id`, {
      config: manage,
      schema: {
        tags,
        summary:
          kind === 'asset'
            ? 'Delete an asset. One that holds entities answers 409 saying how many, unless cascade=true, which deletes the whole subtree in one transaction'
            : 'Delete a sensor',
        params: projectItemParamsSchema,
        querystring: deleteEntityQuerySchema,
        response: { 204: z.null(), ...errors },
      },
      handler: async (request, reply) => {
        await service.delete(
          actorOf(request),
          request.params.projectId,
          request.params.id,
          request.query.cascade === 'true',
        );
        return reply.status(204).send(null);
      },
    });
  }
};
