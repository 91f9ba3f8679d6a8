/**
 * Read-ahead authorization for the hottest reads (a widget's data, refreshed by every open dashboard):
 * once the access token's signature and its organization claim match the path, the read starts beside
 * the check of the caller's live session and permission instead of after it, so a request pays for one
 * database round trip fewer. Nothing is answered until that check has passed: a read that finishes
 * first waits, and a caller who fails it gets the 401 or 403 as before, whatever the read found.
 */
import type { FastifyRequest } from 'fastify';
import { requireAuth } from './authContext';

/**
 * Runs `read` for the organization of the path, beside the caller's pending authorization when the
 * route reads ahead (config.readAhead), after it otherwise; answers only once the caller is authorized.
 */
export async function readAhead<T>(request: FastifyRequest, read: (orgId: string) => Promise<T>): Promise<T> {
  const pending = request.pendingCaller;
  if (!pending) return read(requireAuth(request).orgId);
  // The hook let this request through only when the token's signed organization is the path's.
  const orgId = (request.params as { orgId: string }).orgId;
  const reading = read(orgId);
  // If authorization fails, the read's own outcome is never awaited; it must not become unhandled.
  reading.catch(() => undefined);
  request.auth = await pending;
  return reading;
}

/**
 * The problem to answer instead of `error` when the request's authorization, still pending when
 * validation or the read failed, fails too: an unauthorized caller learns nothing about the request.
 */
export async function authorizationFailure(request: FastifyRequest): Promise<unknown> {
  if (!request.pendingCaller) return null;
  try {
    await request.pendingCaller;
    return null;
  } catch (failure) {
    return failure;
  }
}
