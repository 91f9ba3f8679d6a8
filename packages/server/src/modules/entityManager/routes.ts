/** The Entity Manager API: asset and sensor types, assets and sensors of a project, its hierarchy. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeviceDeps } from '../iotManager';
import { entityRoutes } from './entities/routes';
import { hierarchyRoutes } from './hierarchy/routes';
import { entityProjectRoutes } from './projects/routes';
import { entityTypeRoutes } from './types/routes';

/** Registers every Entity Manager route under /entity_mgmt/orgs/{orgId}. */
export const entityManagerRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  await app.register(entityTypeRoutes, deps);
  await app.register(entityRoutes, deps);
  await app.register(hierarchyRoutes, deps);
  await app.register(entityProjectRoutes, deps);
};
