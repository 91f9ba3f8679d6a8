/** Auth calls of spec §7: sign-in, organization sign-in, tokens, sign-up, org URL check, password recovery. */
import {
  forgotPasswordBodySchema,
  messageResponseSchema,
  orgIdParamsSchema,
  orgSignInResponseSchema,
  refreshBodySchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signInResponseSchema,
  signOutBodySchema,
  signUpBodySchema,
  signUpResponseSchema,
  tokenPairSchema,
  validateOrgUrlBodySchema,
  validateOrgUrlResponseSchema,
  validateTokenBodySchema,
  validateTokenResponseSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, requireAuth } from '../../platform/http/authContext';
import { type AppDeps, requestBrand } from '../../platform/http/deps';
import { problems } from '../../platform/http/problem';
import { problemResponses } from '../../platform/http/problemResponses';
import { takeMailQuota } from '../../platform/mail/mailThrottle';
import { RESET_MAIL_QUOTA, requestPasswordReset } from './commands/requestPasswordReset';
import { resetPassword } from './commands/resetPassword';
import { signUp } from './commands/signUp';
import { AuthRepository } from './repository';
import { AuthService } from './service';
import { checkOrgUrl } from './slug';

const tags = ['auth'];
const publicRoute = { access: 'public' as const };
const errors = problemResponses(400, 401, 403, 409, 429);

/** Registers the auth routes. */
export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new AuthService(deps.db, deps.jwt, deps.bus);
  const repo = new AuthRepository(deps.db);

  app.post('/sign-in', {
    config: publicRoute,
    schema: {
      tags,
      summary: 'Check credentials; answers the user, their organizations and the organization-step token',
      body: signInBodySchema,
      response: { 200: signInResponseSchema, ...errors },
    },
    handler: (request) => service.signIn(request.body.email, request.body.password, request.ip),
  });

  app.post('/orgs/:id/sign-in', {
    config: publicRoute,
    schema: {
      tags,
      summary: 'Open a session in one organization with the Auth-Token from sign-in',
      params: orgIdParamsSchema,
      headers: z.object({ 'auth-token': z.string().optional() }),
      response: { 200: orgSignInResponseSchema, ...errors },
    },
    handler: (request) => service.orgSignIn(request.params.id, request.headers['auth-token']),
  });

  app.post('/switch-org', {
    config: { permission: 'self' },
    schema: {
      tags,
      summary:
        'Back to the organization pick from a live session: the user, their organizations and a new organization-step token',
      response: { 200: signInResponseSchema, ...errors },
    },
    handler: (request) => service.switchOrg(requireAuth(request).userId),
  });

  app.post('/validate-token', {
    config: publicRoute,
    schema: {
      tags,
      summary: 'Confirm an access token belongs to a live session',
      body: validateTokenBodySchema,
      response: { 200: validateTokenResponseSchema, ...errors },
    },
    handler: (request) => {
      const header = bearerToken(request);
      if (header && header !== request.body.access_token) {
        throw problems.badRequest('The bearer header and the body name different access tokens');
      }
      return service.validateToken(request.body.access_token);
    },
  });

  app.post('/refresh', {
    config: publicRoute,
    schema: {
      tags,
      summary: 'Rotate a refresh token into a new token pair',
      body: refreshBodySchema,
      response: { 200: tokenPairSchema, ...errors },
    },
    handler: (request) => service.refresh(request.body.refresh_token),
  });

  app.post('/sign-out', {
    config: publicRoute,
    schema: {
      tags,
      summary: 'End the session of the token pair',
      body: signOutBodySchema,
      response: { 200: messageResponseSchema, ...errors },
    },
    handler: async (request) => {
      await service.signOut(request.body.access_token, request.body.refresh_token);
      return { message: 'Signed out' };
    },
  });

  app.post('/sign-up', {
    config: publicRoute,
    schema: {
      tags,
      summary: 'Register and request a new organization',
      body: signUpBodySchema,
      response: { 201: signUpResponseSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await signUp(repo, request.body)),
  });

  app.post('/validate_org_url', {
    config: publicRoute,
    schema: {
      tags,
      summary: 'Whether an organization URL is well-formed and free',
      body: validateOrgUrlBodySchema,
      response: { 200: validateOrgUrlResponseSchema, ...errors },
    },
    handler: (request) => checkOrgUrl(request.body.url, (slug) => repo.isSlugTaken(slug)),
  });

  app.post('/forgot-password', {
    config: publicRoute,
    schema: {
      tags,
      summary:
        'Mail a password reset link (202 whether or not the e-mail has an account; 429 with Retry-After past 3 an hour for one e-mail or 20 from one address)',
      body: forgotPasswordBodySchema,
      response: { 202: messageResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      // Counted before the account is looked up, so an e-mail without one waits the same.
      await takeMailQuota(deps.db, RESET_MAIL_QUOTA, request.ip, [request.body.email]);
      await requestPasswordReset(repo, deps.mailer, request.body.email, {
        publicUrl: deps.config.publicUrl,
        brand: requestBrand(request, deps.config),
      });
      return reply
        .status(202)
        .send({ message: 'If an account exists for this e-mail, a reset link is on its way.' });
    },
  });

  app.post('/reset-password', {
    config: publicRoute,
    schema: {
      tags,
      summary: 'Choose a new password with a reset token',
      body: resetPasswordBodySchema,
      response: { 200: messageResponseSchema, ...errors },
    },
    handler: async (request) => {
      await resetPassword(repo, deps.bus, request.body.token, request.body.password);
      return { message: 'Your password has been changed. Sign in with the new one.' };
    },
  });
};
