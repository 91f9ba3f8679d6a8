/** Role Manager custom roles: /role_mgmt/orgs/{orgId}/roles (list and CRUD). */
import {
  listRolesQuerySchema,
  listRolesResponseSchema,
  orgItemParamsSchema,
  orgParamsSchema,
  problemSchema,
  roleBodySchema,
  roleSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abilitiesInApp } from '../../../platform/authorization/abilities';
import { requireAuth } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import { actorOf, ROLE_MGMT_PREFIX } from '../shared';
import { RoleRepository } from './repository';
import { RoleService } from './service';

const tags = ['roleManager'];
const errors = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
};
const view = { permission: 'roleManager.view' as const };
const manage = { permission: 'roleManager.manageRoles' as const };
const base = `${ROLE_MGMT_PREFIX}/roles`;

/** Registers the role routes. */
export const roleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new RoleService(new RoleRepository(deps.db));

  app.get(base, {
    config: view,
    schema: {
      tags,
      summary: 'Custom roles by name, with how many active members hold each',
      params: orgParamsSchema,
      querystring: listRolesQuerySchema,
      response: { 200: listRolesResponseSchema, ...errors },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const page = await service.list(auth.orgId, request.query);
      return { ...page, abilities: abilitiesInApp(auth.abilities, 'roleManager') };
    },
  });

  app.post(base, {
    config: manage,
    schema: {
      tags,
      summary: 'Create a custom role',
      params: orgParamsSchema,
      body: roleBodySchema,
      response: { 201: roleSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.body)),
  });

  app.get(`${base}/:id`, {
    config: view,
    schema: {
      tags,
      summary: 'One custom role',
      params: orgItemParamsSchema,
      response: { 200: roleSchema, ...errors },
    },
    handler: (request) => service.get(requireAuth(request).orgId, request.params.id),
  });

  app.put(`${base}/:id`, {
    config: manage,
    schema: {
      tags,
      summary: 'Replace a custom role',
      params: orgItemParamsSchema,
      body: roleBodySchema,
      response: { 200: roleSchema, ...errors },
    },
    handler: (request) => service.update(actorOf(request), request.params.id, request.body),
  });

  app.delete(`${base}/:id`, {
    config: manage,
    schema: {
      tags,
      summary: 'Delete a custom role no active member holds (409 otherwise)',
      params: orgItemParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.delete(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
