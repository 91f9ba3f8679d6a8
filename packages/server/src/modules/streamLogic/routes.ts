/** The Stream Logic API under /stream_process (spec §7): node kinds, chains per project, their trace, activity. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeviceDeps } from '../iotManager';

/** Registers every Stream Logic route. */
export const streamLogicRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (_app, _deps) => {};
