/** TODO(issue 28): routes of this part land with it. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeviceDeps } from '../../iotManager';

/** Registers this part's routes. */
export const inboxRoutes: FastifyPluginAsyncZod<DeviceDeps> = async () => {};
