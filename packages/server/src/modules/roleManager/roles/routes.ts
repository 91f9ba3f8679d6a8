/** Role Manager custom roles: /role_mgmt/orgs/{orgId}/roles (list and CRUD). */
import {
  listRolesQuerySchema,
  listRolesResponseSchema,
  roleBodySchema,
  roleSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/http/deps';
import { registerResourceRoutes } from '../../../platform/http/resourceRoutes';
import { ROLE_MGMT_PREFIX } from '../shared';
import { RoleRepository } from './repository';
import { RoleService } from './service';

/** Registers the role routes. */
export const roleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerResourceRoutes(app, {
    app: 'roleManager',
    path: `${ROLE_MGMT_PREFIX}/roles`,
    permissions: { view: 'roleManager.view', manage: 'roleManager.manageRoles' },
    schemas: {
      item: roleSchema,
      body: roleBodySchema,
      listQuery: listRolesQuerySchema,
      listResponse: listRolesResponseSchema,
    },
    service: new RoleService(new RoleRepository(deps.db)),
    summaries: {
      list: 'Custom roles by name, with how many active members hold each',
      create: 'Create a custom role',
      get: 'One custom role',
      update: 'Replace a custom role',
      delete: 'Delete a custom role no active member holds (409 otherwise)',
    },
  });
};
