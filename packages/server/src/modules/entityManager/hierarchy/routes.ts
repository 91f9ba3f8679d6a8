/**
 * A project's hierarchy: /entity_mgmt/orgs/{orgId}/projects/{projectId}/hierarchy (the whole tree),
 * …/hierarchy/import (JSON or CSV, all or nothing) and …/hierarchy/export (a file the import accepts).
 */
import { hierarchyResponseSchema, importReportSchema, importRequestSchema } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import { problemResponses } from '../../../platform/http/problemResponses';
import { EntityRepository } from '../entities/repository';
import { actorOf, ENTITY_MGMT_PREFIX, projectParamsSchema } from '../shared';
import { importHierarchy } from './commands/importHierarchy';
import { HierarchyRepository } from './repository';
import { HierarchyService } from './service';

const tags = ['entityManager'];
const errors = problemResponses(400, 401, 403, 404, 409);
const base = `${ENTITY_MGMT_PREFIX}/projects/:projectId/hierarchy`;
const importExport = { permission: 'entityManager.importExport' as const };
/** The contract allows a 20 MB CSV; JSON quoting adds a little. */
const IMPORT_BODY_LIMIT = 24 * 1024 * 1024;

export const exportQuerySchema = z.object({ format: z.enum(['csv', 'json']).default('csv') });

/** Registers the hierarchy, import and export routes. */
export const hierarchyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repo = new EntityRepository(deps.db);
  const service = new HierarchyService(repo, new HierarchyRepository(deps.db));

  app.get(base, {
    config: { permission: 'entityManager.view' },
    schema: {
      tags,
      summary: "The project's whole tree, depth-first (parents before children, siblings by name)",
      params: projectParamsSchema,
      response: { 200: hierarchyResponseSchema, ...errors },
    },
    handler: (request) => service.tree(requireAuth(request).orgId, request.params.projectId),
  });

  app.post(`${base}/import`, {
    config: importExport,
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      tags,
      summary:
        'Import rows ({format: json, rows} or {format: csv, csv}) all or nothing: any bad row answers 200 with created 0 and every row error (row = 1-based data row), nothing written',
      params: projectParamsSchema,
      body: importRequestSchema,
      response: { 200: importReportSchema, ...errors },
    },
    handler: (request) => importHierarchy(repo, actorOf(request), request.params.projectId, request.body),
  });

  app.get(`${base}/export`, {
    config: importExport,
    schema: {
      tags,
      summary: "Download the project's tree as CSV or JSON (attachment) that the import accepts back",
      params: projectParamsSchema,
      querystring: exportQuerySchema,
      response: { 200: z.string().describe('The CSV text or the JSON import body'), ...errors },
    },
    handler: async (request, reply) => {
      const file = await service.export(
        requireAuth(request).orgId,
        request.params.projectId,
        request.query.format,
      );
      return reply
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .type(file.contentType)
        .send(file.body);
    },
  });
};
