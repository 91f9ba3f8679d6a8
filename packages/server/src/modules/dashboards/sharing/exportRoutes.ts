/**
 * Password links under /dash_mgmt/orgs/{orgId}: POST /dashboards/{id}/export, PUT
 * /dashboards/{id}/export/{uuid}, GET /dashboards/{id}/export/{uuid}/show_credentials.
 */
import {
  dashboardExportBodySchema,
  dashboardExportCredentialsSchema,
  dashboardExportParamsSchema,
  dashboardExportSecretResponseSchema,
  dashboardExportUpdateBodySchema,
  dashboardParamsSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import { actorOf, DASH_PREFIX, DASH_TAGS, errorResponses } from '../shared';
import { ExportRepository } from './exportRepository';
import { ExportService } from './exportService';

const exportRight = { permission: 'dashboards.export' as const };

/** Registers the password link routes. */
export const exportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new ExportService(new ExportRepository(deps.db), deps.realtime);
  const tags = DASH_TAGS;
  const path = `${DASH_PREFIX}/dashboards/:id/export`;

  app.post(path, {
    config: exportRight,
    schema: {
      tags,
      summary:
        'Share a dashboard by link: /dashboards/{uuid} and a password (yours or generated). The password is stored hashed and shown only in this answer',
      params: dashboardParamsSchema,
      body: dashboardExportBodySchema,
      response: { 201: dashboardExportSecretResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.params.id, request.body)),
  });

  app.put(`${path}/:uuid`, {
    config: exportRight,
    schema: {
      tags,
      summary:
        'Change the expiry, revoke (revoked: true) or restore a link, or set or regenerate its password (shown once); revoking, a new password or a new expiry ends open link sessions',
      params: dashboardExportParamsSchema,
      body: dashboardExportUpdateBodySchema,
      response: { 200: dashboardExportSecretResponseSchema, ...errorResponses },
    },
    handler: (request) =>
      service.update(actorOf(request), request.params.id, request.params.uuid, request.body),
  });

  app.get(`${path}/:uuid/show_credentials`, {
    config: exportRight,
    schema: {
      tags,
      summary:
        "A link's credentials: its address, state and when its password was set (the password itself is not recoverable)",
      params: dashboardExportParamsSchema,
      response: { 200: dashboardExportCredentialsSchema, ...errorResponses },
    },
    handler: (request) =>
      service.credentials(
        requireAuth(request).orgId,
        request.params.id,
        request.params.uuid,
        deps.config.publicUrl,
      ),
  });
};
