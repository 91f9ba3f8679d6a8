/**
 * While the node drains, every answer says `Connection: close`: a kept-alive connection (a balancer's,
 * a browser's) ends with its current request instead of idling until its keep-alive timeout, so the
 * HTTP server, which waits for every connection at a stop, closes as soon as the work in flight is done.
 */
import type { FastifyInstance } from 'fastify';
import type { Readiness } from './readiness';

/** Adds the header to every answer sent once `readiness` is draining. */
export function closeConnectionsWhileDraining(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.draining) reply.header('connection', 'close');
  });
}
