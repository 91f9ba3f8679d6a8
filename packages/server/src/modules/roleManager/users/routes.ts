/** Role Manager users API: /role_mgmt/orgs/{orgId}/users (spec §3 "User", §4 Active/Archived/Invites). */
import {
  listUsersQuerySchema,
  listUsersResponseSchema,
  orgItemParamsSchema,
  orgParamsSchema,
  orgUserSchema,
  updateUserBodySchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import { problemResponses } from '../../../platform/http/problemResponses';
import { announceSessionsEnded } from '../../../platform/realtime/sessionEnds';
import { ROLE_MGMT_PREFIX } from '../shared';
import { UserRepository } from './repository';
import { UserService } from './service';

const tags = ['roleManager'];
const view = { permission: 'roleManager.view' as const };
const manage = { permission: 'roleManager.manageUsers' as const };
const errors = problemResponses(400, 401, 403, 404, 409);
const base = `${ROLE_MGMT_PREFIX}/users`;

/** Registers the Role Manager users routes. */
export const roleManagerUsersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new UserService(new UserRepository(deps.db));

  app.get(base, {
    config: view,
    schema: {
      tags,
      summary:
        'Members: one page of the Active or Archived tab, the Active/Archived/Invites totals, abilities',
      params: orgParamsSchema,
      querystring: listUsersQuerySchema,
      response: { 200: listUsersResponseSchema, ...errors },
    },
    handler: (request) => service.list(requireAuth(request), request.query),
  });

  app.get(`${base}/:id`, {
    config: view,
    schema: {
      tags,
      summary: 'One member, active or archived',
      params: orgItemParamsSchema,
      response: { 200: orgUserSchema, ...errors },
    },
    handler: (request) => service.get(requireAuth(request).orgId, request.params.id),
  });

  app.put(`${base}/:id`, {
    config: manage,
    schema: {
      tags,
      summary: 'Change a member: name, phone, role, custom role, user groups, assets, apps',
      params: orgItemParamsSchema,
      body: updateUserBodySchema,
      response: { 200: orgUserSchema, ...errors },
    },
    handler: (request) => service.update(requireAuth(request), request.params.id, request.body),
  });

  app.post(`${base}/:id/archive`, {
    config: manage,
    schema: {
      tags,
      summary: 'Archive a member and end their sessions here (not yourself, not the last admin)',
      params: orgItemParamsSchema,
      response: { 200: orgUserSchema, ...errors },
    },
    handler: async (request) => {
      const caller = requireAuth(request);
      const archived = await service.archive(caller, request.params.id);
      // Committed: their sockets in this organization close on every node.
      const ended = { orgId: caller.orgId, userId: request.params.id };
      await announceSessionsEnded(deps.bus, ended, 'membership_ended');
      return archived;
    },
  });

  app.post(`${base}/:id/unarchive`, {
    config: manage,
    schema: {
      tags,
      summary: 'Restore an archived member (within the organization user limit)',
      params: orgItemParamsSchema,
      response: { 200: orgUserSchema, ...errors },
    },
    handler: (request) => service.unarchive(requireAuth(request), request.params.id),
  });

  app.delete(`${base}/:id`, {
    config: manage,
    schema: {
      tags,
      summary: 'Remove a member from the organization (their account stays)',
      params: orgItemParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const caller = requireAuth(request);
      await service.remove(caller, request.params.id);
      const ended = { orgId: caller.orgId, userId: request.params.id };
      await announceSessionsEnded(deps.bus, ended, 'membership_ended');
      return reply.status(204).send(null);
    },
  });
};
