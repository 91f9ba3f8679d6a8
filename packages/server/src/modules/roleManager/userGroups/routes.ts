/** Role Manager user groups: /role_mgmt/orgs/{orgId}/user_groups (list, CRUD, archive, unarchive). */
import {
  listUserGroupsQuerySchema,
  listUserGroupsResponseSchema,
  userGroupBodySchema,
  userGroupSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/http/deps';
import { registerResourceRoutes } from '../../../platform/http/resourceRoutes';
import { ROLE_MGMT_PREFIX } from '../shared';
import { UserGroupRepository } from './repository';
import { UserGroupService } from './service';

/** Registers the user group routes. */
export const userGroupRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerResourceRoutes(app, {
    app: 'roleManager',
    path: `${ROLE_MGMT_PREFIX}/user_groups`,
    permissions: { view: 'roleManager.view', manage: 'roleManager.manageUserGroups' },
    schemas: {
      item: userGroupSchema,
      body: userGroupBodySchema,
      listQuery: listUserGroupsQuerySchema,
      listResponse: listUserGroupsResponseSchema,
    },
    service: new UserGroupService(new UserGroupRepository(deps.db)),
    summaries: {
      list: 'User groups of the Active or Archived tab, with tab counts',
      create: 'Create a user group with allowed apps, actions and members',
      get: 'One user group',
      update: 'Replace a user group; members change only when member_ids is given',
      delete: 'Delete a user group for good',
      archive: 'Archive a user group: it stops granting apps and actions',
      unarchive: 'Unarchive a user group',
    },
  });
};
