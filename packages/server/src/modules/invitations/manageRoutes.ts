/** The Invites tab's API: /role_mgmt/orgs/{orgId}/invitations (invite, list, resend, revoke). */
import {
  createInvitationBodySchema,
  invitationSchema,
  listInvitationsQuerySchema,
  listInvitationsResponseSchema,
  orgItemParamsSchema,
  orgParamsSchema,
} from '@ferrite/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/authContext';
import { type AppDeps, requestBrand } from '../../platform/http/deps';
import { problemResponses } from '../../platform/http/problemResponses';
import type { InvitationMailContext } from './mail';
import { InvitationRepository } from './repository';
import { InvitationService } from './service';

const tags = ['roleManager'];
const view = { permission: 'roleManager.view' as const };
const invite = { permission: 'roleManager.inviteUsers' as const };
const errors = problemResponses(400, 401, 403, 404, 409);
/** Under the Role Manager's prefix: its Invites tab makes these calls. */
const base = '/role_mgmt/orgs/:orgId/invitations';

/** Registers the Role Manager invitation routes. */
export const invitationManageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new InvitationService(new InvitationRepository(deps.db));
  const mail = (request: FastifyRequest): InvitationMailContext => ({
    mailer: deps.mailer,
    log: request.log,
    publicUrl: deps.config.publicUrl,
    brand: requestBrand(request, deps.config),
  });

  app.get(base, {
    config: view,
    schema: {
      tags,
      summary: 'Invitations in one status (pending, accepted, expired, revoked), newest first',
      params: orgParamsSchema,
      querystring: listInvitationsQuerySchema,
      response: { 200: listInvitationsResponseSchema, ...errors },
    },
    handler: (request) => service.list(requireAuth(request), request.query),
  });

  app.post(base, {
    config: invite,
    schema: {
      tags,
      summary: 'Invite someone by e-mail; they get a single-use link valid for 7 days',
      params: orgParamsSchema,
      body: createInvitationBodySchema,
      response: { 201: invitationSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(requireAuth(request), request.body, mail(request))),
  });

  app.post(`${base}/:id/resend`, {
    config: invite,
    schema: {
      tags,
      summary: 'Re-invite: a new link and expiry; the old link stops working',
      params: orgItemParamsSchema,
      response: { 200: invitationSchema, ...errors },
    },
    handler: (request) => service.resend(requireAuth(request), request.params.id, mail(request)),
  });

  app.delete(`${base}/:id`, {
    config: invite,
    schema: {
      tags,
      summary: 'Revoke an invitation; its link stops working',
      params: orgItemParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.revoke(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
