/** Who writes: the caller and the organization of their session, never taken from the request body. */
import type { FastifyRequest } from 'fastify';
import { requireAuth } from './authContext';

export interface Actor {
  orgId: string;
  userId: string;
}

/** The writer of a governed request. */
export function actorOf(request: FastifyRequest): Actor {
  const auth = requireAuth(request);
  return { orgId: auth.orgId, userId: auth.userId };
}
