/**
 * The Role Manager API under /role_mgmt: user groups, roles, projects, activity and users. Its
 * invitation calls (/role_mgmt/orgs/{orgId}/invitations) belong to the invitations module.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeviceDeps } from '../iotManager';
import { activityRoutes } from './activity/routes';
import { projectRoutes } from './projects/routes';
import { roleRoutes } from './roles/routes';
import { userGroupRoutes } from './userGroups/routes';
import { roleManagerUsersRoutes } from './users/routes';

/** Registers every Role Manager route. */
export const roleManagerRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  await app.register(userGroupRoutes, deps);
  await app.register(roleRoutes, deps);
  await app.register(projectRoutes, deps);
  await app.register(activityRoutes, deps);
  await app.register(roleManagerUsersRoutes, deps);
};
