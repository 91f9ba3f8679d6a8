/** Who is calling: resolved from the bearer token on every governed API request, then authorized. */
import { ACTION_LABELS, APPS, type OrgRole, type Permission, permissionApp } from '@ferrite/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Abilities, loadAbilities } from '../authorization/abilities';
import { isGovernedRoute, requireDeclaredAccess } from '../authorization/routeAccess';
import type { Db } from '../db/database';
import type { JwtService } from '../security/jwt';
import { problems } from './problem';

export interface AuthContext {
  userId: string;
  orgId: string;
  sessionId: string;
  role: OrgRole;
  isPlatformAdmin: boolean;
  tokenExpiresAt: Date;
}

export interface AuthorizedCaller extends AuthContext {
  abilities: Abilities;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthorizedCaller | null;
  }
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Resolves an access token (or, for the realtime socket, a `socket` token from POST fetch_token) to a
 * live session of an active member; null when anything is off.
 */
export async function resolveAccessToken(
  db: Db,
  jwt: JwtService,
  token: string,
  purpose: 'access' | 'socket' = 'access',
): Promise<AuthContext | null> {
  const claims = await jwt.verify(token, purpose);
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

function deniedMessage(permission: Permission): string {
  const app = APPS[permissionApp(permission)];
  const action = permission.split('.')[1] ?? '';
  const label = (ACTION_LABELS[action] ?? action).toLowerCase();
  return `You do not have permission to ${label} in ${app.title}`;
}

/**
 * Default-deny for the API: a route runs only if it is public, or the caller holds a live session,
 * addresses their own organization in any {orgId}, and holds the permission the route declares.
 */
export function installAuthContext(app: FastifyInstance, db: Db, jwt: JwtService): void {
  requireDeclaredAccess(app);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const { access, permission } = request.routeOptions.config ?? {};
    const url = request.routeOptions.url ?? '';
    // Unknown routes have no url (the not-found handler answers 404); the web app and API docs are public.
    if (!isGovernedRoute(url) || access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw problems.unauthorized('A bearer token is required');
    const auth = await resolveAccessToken(db, jwt, token);
    if (!auth) throw problems.unauthorized('The access token is invalid or has expired', 'Token expired');
    if (access === 'platformAdmin' && !auth.isPlatformAdmin)
      throw problems.forbidden('Only platform admins may do this');
    const orgId = (request.params as Record<string, unknown> | undefined)?.orgId;
    if (orgId !== undefined && orgId !== auth.orgId) {
      throw problems.forbidden('You can only reach the organization you are signed in to');
    }
    const abilities = await loadAbilities(db, auth.orgId, auth.userId, auth.isPlatformAdmin);
    if (permission && permission !== 'self' && !abilities.permissions.has(permission)) {
      throw problems.forbidden(deniedMessage(permission));
    }
    request.auth = { ...auth, abilities };
  });
}

/** The authorized caller of a governed route (the hook guarantees it is set). */
export function requireAuth(request: FastifyRequest): AuthorizedCaller {
  if (!request.auth) throw problems.unauthorized();
  return request.auth;
}
