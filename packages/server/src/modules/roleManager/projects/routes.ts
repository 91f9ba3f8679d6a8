/** Role Manager projects: /role_mgmt/orgs/{orgId}/projects (list, CRUD, archive, unarchive). */
import {
  listProjectsQuerySchema,
  listProjectsResponseSchema,
  projectBodySchema,
  projectSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerResourceRoutes } from '../../../platform/http/resourceRoutes';
import type { DeviceDeps } from '../../iotManager';
import { ProjectRepository, ProjectService } from '../../projects';
import { ROLE_MGMT_PREFIX } from '../shared';

/** Registers the project routes. */
export const projectRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  registerResourceRoutes(app, {
    app: 'roleManager',
    path: `${ROLE_MGMT_PREFIX}/projects`,
    permissions: { view: 'roleManager.view', manage: 'roleManager.manageProjects' },
    schemas: {
      item: projectSchema,
      body: projectBodySchema,
      listQuery: listProjectsQuerySchema,
      listResponse: listProjectsResponseSchema,
    },
    service: new ProjectService(new ProjectRepository(deps.db), deps.deviceLink),
    summaries: {
      list: 'Projects of the Active or Archived tab, with tab counts',
      create: 'Create a project; the caller is its creator',
      get: 'One project',
      update: 'Replace a project, its manager and members',
      delete: 'Delete a project for good',
      archive: 'Move a project to the Archived tab (409 when already archived)',
      unarchive: 'Move a project back to the Active tab (409 when already active)',
    },
  });
};
