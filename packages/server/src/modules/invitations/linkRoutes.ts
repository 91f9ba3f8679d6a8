/** Public invitation links: GET /invitations/{token} to preview, POST /invitations/{token}/accept. */
import {
  acceptInvitationBodySchema,
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  orgSignInResponseSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken, resolveAccessToken } from '../../platform/http/authContext';
import type { AppDeps } from '../../platform/http/deps';
import { problemResponses } from '../../platform/http/problemResponses';
import { AuthService } from '../auth';
import { acceptInvitation } from './commands/acceptInvitation';
import { previewInvitation } from './link';
import { InvitationRepository } from './repository';

const tags = ['invitations'];
const publicRoute = { access: 'public' as const };
const errors = problemResponses(400, 401, 404, 409, 410, 429);

/** Registers the public invitation routes. */
export const invitationLinkRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repo = new InvitationRepository(deps.db);
  const auth = new AuthService(deps.db, deps.jwt, deps.bus);

  app.get('/invitations/:token', {
    config: publicRoute,
    schema: {
      tags,
      summary: 'Who is invited where, and which form applies; 404/410 when the link no longer works',
      params: invitationTokenParamsSchema,
      response: { 200: invitationPreviewSchema, ...errors },
    },
    handler: (request) => previewInvitation(repo, request.params.token),
  });

  app.post('/invitations/:token/accept', {
    config: publicRoute,
    schema: {
      tags,
      summary:
        "Accept (single use): set-password needs {password}, join-org the account's {current_password} or its session; answers an org session",
      params: invitationTokenParamsSchema,
      body: acceptInvitationBodySchema,
      response: { 200: orgSignInResponseSchema, ...errors },
    },
    handler: async (request) => {
      const token = bearerToken(request);
      const session = token ? await resolveAccessToken(deps.db, deps.jwt, token) : null;
      return acceptInvitation(repo, auth, {
        token: request.params.token,
        body: request.body,
        ip: request.ip,
        sessionUserId: session?.userId ?? null,
      });
    },
  });
};
