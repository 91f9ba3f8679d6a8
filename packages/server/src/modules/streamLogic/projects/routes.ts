/**
 * GET /stream_process/projects: the caller's organization's active projects, newest first, each with
 * how many chains it holds and how many run. Stream Logic's own list (streamLogic.view), so a member
 * with Stream Logic alone needs no Entity Manager rights to find the projects their chains live in.
 * The organization is the token's; the static path wins over the `/:projectId` routes.
 */
import { streamProjectsQuerySchema, streamProjectsResponseSchema } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../platform/http/authContext';
import { isoOrNull } from '../../../platform/isoTime';
import type { DeviceDeps } from '../../iotManager';
import { activeProjectPage, ProjectRepository } from '../../projects';
import { errorResponses, STREAM_PREFIX, STREAM_TAGS } from '../shared';
import { StreamProjectRepository } from './repository';

/** Registers the project list. */
export const projectRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const projects = new ProjectRepository(deps.db);
  const counts = new StreamProjectRepository(deps.db);

  app.get(`${STREAM_PREFIX}/projects`, {
    config: { permission: 'streamLogic.view' },
    schema: {
      tags: STREAM_TAGS,
      summary: 'Active projects, newest first, with how many chains each holds and how many are enabled',
      querystring: streamProjectsQuerySchema,
      response: { 200: streamProjectsResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { orgId } = requireAuth(request);
      const { rows, total } = await activeProjectPage(projects, orgId, request.query);
      const chains = await counts.chainCounts(
        orgId,
        rows.map((row) => row.id),
      );
      return {
        projects: rows.map((row) => {
          const of = chains.get(row.id);
          return {
            id: row.id,
            name: row.name,
            description: row.description,
            chain_count: of?.chains ?? 0,
            running_count: of?.enabled ?? 0,
            updated_at: isoOrNull(of?.updatedAt),
          };
        }),
        total_entries: total,
      };
    },
  });
};
