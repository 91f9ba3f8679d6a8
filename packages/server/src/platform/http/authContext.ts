/** Who is calling: resolved from the bearer token on every API request, default-deny by route config. */
import type { OrgRole } from '@ferrite/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { JwtService } from '../security/jwt';
import { problems } from './problem';

/** What a route requires: anyone, a signed-in organization member, or a platform admin. */
export type Access = 'public' | 'member' | 'platformAdmin';

export interface AuthContext {
  userId: string;
  orgId: string;
  sessionId: string;
  role: OrgRole;
  isPlatformAdmin: boolean;
  tokenExpiresAt: Date;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Resolves an access token to a live session of an active member; null when anything is off. */
export async function resolveAccessToken(
  db: Db,
  jwt: JwtService,
  token: string,
): Promise<AuthContext | null> {
  const claims = await jwt.verify(token, 'access');
  if (!claims || typeof claims.sid !== 'string') return null;
  const row = await db
    .selectFrom('auth_sessions as s')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.org_id', '=', 's.org_id').onRef('m.user_id', '=', 's.user_id'),
    )
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('orgs as o', 'o.id', 's.org_id')
    .select(['s.id', 's.org_id', 's.user_id', 'm.role', 'u.is_platform_admin'])
    .where('s.id', '=', claims.sid)
    .where('s.user_id', '=', claims.sub)
    .where('s.revoked_at', 'is', null)
    .where('m.archived_at', 'is', null)
    .where('o.archived_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.user_id,
    orgId: row.org_id,
    sessionId: row.id,
    role: row.role as OrgRole,
    isPlatformAdmin: row.is_platform_admin,
    tokenExpiresAt: new Date(claims.exp * 1000),
  };
}

/** Every /api route needs a member's token unless its config says `access: 'public'`. */
export function installAuthContext(app: FastifyInstance, db: Db, jwt: JwtService): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    const url = request.routeOptions.url ?? '';
    // Unknown routes have no url (the not-found handler answers 404); the web app and API docs are public.
    if (!url.startsWith('/api/') || url.startsWith('/api/docs') || access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw problems.unauthorized('A bearer token is required');
    const auth = await resolveAccessToken(db, jwt, token);
    if (!auth) throw problems.unauthorized('The access token is invalid or has expired', 'Token expired');
    if (access === 'platformAdmin' && !auth.isPlatformAdmin) {
      throw problems.forbidden('Only platform admins may do this');
    }
    request.auth = auth;
  });
}

/** The caller of a member route (the hook guarantees it is set). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw problems.unauthorized();
  return request.auth;
}
