/** GET /me and PUT /me/settings: the caller's profile, organization apps and workspace settings. */
import { meResponseSchema, updateSettingsBodySchema } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/authContext';
import type { AppDeps } from '../../platform/http/deps';
import { problems } from '../../platform/http/problem';
import { problemResponses } from '../../platform/http/problemResponses';
import { mergeSettings, presentMe } from './presenter';
import { ProfileRepository } from './repository';

const tags = ['profile'];
const errors = problemResponses(400, 401, 404);

/** Registers the profile routes. */
export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repo = new ProfileRepository(deps.db);

  const loadMe = async (orgId: string, userId: string) => {
    const row = await repo.findProfile(orgId, userId);
    if (!row) throw problems.notFound('Your profile');
    return row;
  };

  app.get('/me', {
    config: { permission: 'self' },
    schema: {
      tags,
      summary: 'The caller, their organization with its apps, and their settings',
      response: { 200: meResponseSchema, ...errors },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      return presentMe(await loadMe(auth.orgId, auth.userId), auth.abilities);
    },
  });

  app.put('/me/settings', {
    config: { permission: 'self' },
    schema: {
      tags,
      summary: 'Change any part of the workspace settings',
      body: updateSettingsBodySchema,
      response: { 200: meResponseSchema, ...errors },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const row = await loadMe(auth.orgId, auth.userId);
      const current = mergeSettings(row.settings);
      const next = {
        visual_settings: { ...current.visual_settings, ...(request.body.visual_settings ?? {}) },
        data_settings: { ...current.data_settings, ...(request.body.data_settings ?? {}) },
      };
      await repo.saveSettings(auth.userId, next, request.body.avatar);
      return presentMe(await loadMe(auth.orgId, auth.userId), auth.abilities);
    },
  });
};
