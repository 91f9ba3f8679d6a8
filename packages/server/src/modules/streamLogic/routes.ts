/**
 * The Stream Logic API under /stream_process (spec §7): node kinds, the project list, chains per project,
 * their trace, activity.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeviceDeps } from '../iotManager';
import { directoryRoutes } from './directory/routes';
import { nodeRoutes } from './nodes/routes';
import { activityRoutes } from './pipelines/activityRoutes';
import { pipelineRoutes } from './pipelines/routes';
import { scopeToProject } from './projectScope';
import { projectRoutes } from './projects/routes';
import { traceRoutes } from './trace/routes';

/** Registers every Stream Logic route. */
export const streamLogicRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  scopeToProject(app, deps.db);
  await app.register(nodeRoutes, deps);
  await app.register(projectRoutes, deps);
  await app.register(pipelineRoutes, deps);
  await app.register(activityRoutes, deps);
  await app.register(directoryRoutes, deps);
  await app.register(traceRoutes, deps);
};
