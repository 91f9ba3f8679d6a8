/** The Role Manager API: user groups, roles, projects, activity, users and invitations under /role_mgmt. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeviceDeps } from '../iotManager';
import { activityRoutes } from './activity/routes';
import { roleManagerInvitationsRoutes } from './invitations/routes';
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
  await app.register(roleManagerInvitationsRoutes, deps);
};
