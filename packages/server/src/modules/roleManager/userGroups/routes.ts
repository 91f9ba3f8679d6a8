/** Role Manager user groups: /role_mgmt/orgs/{orgId}/user_groups (list, CRUD, archive, unarchive). */
import {
  listUserGroupsQuerySchema,
  listUserGroupsResponseSchema,
  orgItemParamsSchema,
  orgParamsSchema,
  problemSchema,
  userGroupBodySchema,
  userGroupSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abilitiesInApp } from '../../../platform/authorization/abilities';
import { requireAuth } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import { actorOf, ROLE_MGMT_PREFIX } from '../shared';
import { UserGroupRepository } from './repository';
import { UserGroupService } from './service';

const tags = ['roleManager'];
const errors = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
};
const view = { permission: 'roleManager.view' as const };
const manage = { permission: 'roleManager.manageUserGroups' as const };
const base = `${ROLE_MGMT_PREFIX}/user_groups`;

/** Registers the user group routes. */
export const userGroupRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new UserGroupService(new UserGroupRepository(deps.db));

  app.get(base, {
    config: view,
    schema: {
      tags,
      summary: 'User groups of the Active or Archived tab, with tab counts',
      params: orgParamsSchema,
      querystring: listUserGroupsQuerySchema,
      response: { 200: listUserGroupsResponseSchema, ...errors },
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
      summary: 'Create a user group with allowed apps, actions and members',
      params: orgParamsSchema,
      body: userGroupBodySchema,
      response: { 201: userGroupSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.body)),
  });

  app.get(`${base}/:id`, {
    config: view,
    schema: {
      tags,
      summary: 'One user group',
      params: orgItemParamsSchema,
      response: { 200: userGroupSchema, ...errors },
    },
    handler: (request) => service.get(requireAuth(request).orgId, request.params.id),
  });

  app.put(`${base}/:id`, {
    config: manage,
    schema: {
      tags,
      summary: 'Replace a user group; members change only when member_ids is given',
      params: orgItemParamsSchema,
      body: userGroupBodySchema,
      response: { 200: userGroupSchema, ...errors },
    },
    handler: (request) => service.update(actorOf(request), request.params.id, request.body),
  });

  app.delete(`${base}/:id`, {
    config: manage,
    schema: {
      tags,
      summary: 'Delete a user group for good',
      params: orgItemParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.delete(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post(`${base}/:id/archive`, {
    config: manage,
    schema: {
      tags,
      summary: 'Archive a user group: it stops granting apps and actions',
      params: orgItemParamsSchema,
      response: { 200: userGroupSchema, ...errors },
    },
    handler: (request) => service.archive(actorOf(request), request.params.id),
  });

  app.post(`${base}/:id/unarchive`, {
    config: manage,
    schema: {
      tags,
      summary: 'Unarchive a user group',
      params: orgItemParamsSchema,
      response: { 200: userGroupSchema, ...errors },
    },
    handler: (request) => service.unarchive(actorOf(request), request.params.id),
  });
};
