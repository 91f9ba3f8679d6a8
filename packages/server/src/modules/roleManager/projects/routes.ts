/** Role Manager projects: /role_mgmt/orgs/{orgId}/projects (list, CRUD, archive, unarchive). */
import {
  listProjectsQuerySchema,
  listProjectsResponseSchema,
  orgItemParamsSchema,
  orgParamsSchema,
  problemSchema,
  projectBodySchema,
  projectSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abilitiesInApp } from '../../../platform/authorization/abilities';
import { requireAuth } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import { actorOf, ROLE_MGMT_PREFIX } from '../shared';
import { ProjectRepository } from './repository';
import { ProjectService } from './service';

const tags = ['roleManager'];
const errors = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
};
const view = { permission: 'roleManager.view' as const };
const manage = { permission: 'roleManager.manageProjects' as const };
const base = `${ROLE_MGMT_PREFIX}/projects`;

/** Registers the project routes. */
export const projectRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new ProjectService(new ProjectRepository(deps.db));

  app.get(base, {
    config: view,
    schema: {
      tags,
      summary: 'Projects of the Active or Archived tab, with tab counts',
      params: orgParamsSchema,
      querystring: listProjectsQuerySchema,
      response: { 200: listProjectsResponseSchema, ...errors },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const page = await service.list(auth.orgId, request.query);
      return { ...page, abilities: abilitiesInApp(auth.abilities, 'roleManager') };
    },
  });

  app.post(base, {
    config: manage,
    schema: {
      tags,
      summary: 'Create a project; the caller is its creator',
      params: orgParamsSchema,
      body: projectBodySchema,
      response: { 201: projectSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.body)),
  });

  app.get(`${base}/:id`, {
    config: view,
    schema: {
      tags,
      summary: 'One project',
      params: orgItemParamsSchema,
      response: { 200: projectSchema, ...errors },
    },
    handler: (request) => service.get(requireAuth(request).orgId, request.params.id),
  });

  app.put(`${base}/:id`, {
    config: manage,
    schema: {
      tags,
      summary: 'Replace a project, its manager and members',
      params: orgItemParamsSchema,
      body: projectBodySchema,
      response: { 200: projectSchema, ...errors },
    },
    handler: (request) => service.update(actorOf(request), request.params.id, request.body),
  });

  app.delete(`${base}/:id`, {
    config: manage,
    schema: {
      tags,
      summary: 'Delete a project for good',
      params: orgItemParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.delete(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post(`${base}/:id/archive`, {
    config: manage,
    schema: {
      tags,
      summary: 'Move a project to the Archived tab (409 when already archived)',
      params: orgItemParamsSchema,
      response: { 200: projectSchema, ...errors },
    },
    handler: (request) => service.archive(actorOf(request), request.params.id),
  });

  app.post(`${base}/:id/unarchive`, {
    config: manage,
    schema: {
      tags,
      summary: 'Move a project back to the Active tab (409 when already active)',
      params: orgItemParamsSchema,
      response: { 200: projectSchema, ...errors },
    },
    handler: (request) => service.unarchive(actorOf(request), request.params.id),
  });
};
