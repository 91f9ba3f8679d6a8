/**
 * Projects and people as the Entity Manager sees them: a member with Entity Manager rights but no
 * Role Manager rights still picks a project and names caretakers.
 */
import {
  entityProjectsQuerySchema,
  listProjectsResponseSchema,
  orgParamsSchema,
  peopleResponseSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abilitiesInApp } from '../../../platform/authorization/abilities';
import { requireAuth } from '../../../platform/http/authContext';
import { problemResponses } from '../../../platform/http/problemResponses';
import type { DeviceDeps } from '../../iotManager';
import { ProjectRepository, ProjectService } from '../../projects';
import { ENTITY_MGMT_PREFIX } from '../shared';

const tags = ['entityManager'];
const errors = problemResponses(400, 401, 403);

/** Registers GET projects and GET people under /entity_mgmt/orgs/{orgId}. */
export const entityProjectRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const projects = new ProjectService(new ProjectRepository(deps.db), deps.deviceLink);

  app.get(`${ENTITY_MGMT_PREFIX}/projects`, {
    config: { permission: 'entityManager.view' },
    schema: {
      tags,
      summary: 'Active projects, for choosing whose hierarchy to open',
      params: orgParamsSchema,
      querystring: entityProjectsQuerySchema,
      response: { 200: listProjectsResponseSchema, ...errors },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const page = await projects.list(auth.orgId, { ...request.query, is_archived: false });
      return { ...page, abilities: abilitiesInApp(auth.abilities, 'entityManager') };
    },
  });

  app.get(`${ENTITY_MGMT_PREFIX}/people`, {
    config: { permission: 'entityManager.view' },
    schema: {
      tags,
      summary: 'Active members of the organization, for caretaker pickers',
      params: orgParamsSchema,
      response: { 200: peopleResponseSchema, ...errors },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const people = await deps.db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.id', 'u.name', 'u.email'])
        .where('m.org_id', '=', auth.orgId)
        .where('m.archived_at', 'is', null)
        .orderBy('u.name')
        .limit(2000)
        .execute();
      return { people };
    },
  });
};
