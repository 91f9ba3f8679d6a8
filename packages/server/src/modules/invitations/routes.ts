/**
 * Every invitation route: the Role Manager's Invites tab (/role_mgmt/orgs/{orgId}/invitations: invite,
 * list, resend, revoke) and the public link the invited person opens (/invitations/{token}).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/http/deps';
import { invitationLinkRoutes } from './linkRoutes';
import { invitationManageRoutes } from './manageRoutes';

/** Registers both sides of invitations. */
export const invitationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(invitationManageRoutes, deps);
  await app.register(invitationLinkRoutes, deps);
};
