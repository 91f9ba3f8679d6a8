/** Who is calling: resolved from the bearer token on every governed API request, then authorized. */
import {
  ACTION_LABELS,
  APPS,
  isAppKey,
  type OrgRole,
  type Permission,
  permissionApp,
} from '@ferrite/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { type Abilities, combineGrants } from '../authorization/abilities';
import { isGovernedRoute, requireDeclaredAccess } from '../authorization/routeAccess';
import type { BusChannel, ClusterBus } from '../cluster';
import { coalesce } from '../cluster/coalesce';
import type { Db } from '../db/database';
import type { JwtService } from '../security/jwt';
import { CallerCache } from './callerCache';
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
    /** A read-ahead route's authorization while it runs beside the read (readAhead.ts). */
    pendingCaller: Promise<AuthorizedCaller> | null;
  }
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The session row of a token's claims, joined to a live membership, user and organization. */
function liveSession(db: Db, claims: { sid: string; sub: string }) {
  return db
    .selectFrom('auth_sessions as s')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.org_id', '=', 's.org_id').onRef('m.user_id', '=', 's.user_id'),
    )
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('orgs as o', 'o.id', 's.org_id')
    .where('s.id', '=', claims.sid)
    .where('s.user_id', '=', claims.sub)
    .where('s.revoked_at', 'is', null)
    .where('m.archived_at', 'is', null)
    .where('o.archived_at', 'is', null);
}

interface SessionClaims {
  sid: string;
  sub: string;
  exp: number;
  /** The organization the token was issued for (a token before this claim existed has none). */
  org: string | null;
}

async function sessionClaims(
  jwt: JwtService,
  token: string,
  purpose: 'access' | 'socket',
): Promise<SessionClaims | null> {
  const claims = await jwt.verify(token, purpose);
  if (!claims || typeof claims.sid !== 'string') return null;
  return {
    sid: claims.sid,
    sub: claims.sub,
    exp: claims.exp,
    org: typeof claims.org === 'string' ? claims.org : null,
  };
}

function toContext(
  row: { id: string; org_id: string; user_id: string; role: string; is_platform_admin: boolean },
  exp: number,
): AuthContext {
  return {
    userId: row.user_id,
    orgId: row.org_id,
    sessionId: row.id,
    role: row.role as OrgRole,
    isPlatformAdmin: row.is_platform_admin,
    tokenExpiresAt: new Date(exp * 1000),
  };
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
  const claims = await sessionClaims(jwt, token, purpose);
  if (!claims) return null;
  const row = await liveSession(db, claims)
    .select(['s.id', 's.org_id', 's.user_id', 'm.role', 'u.is_platform_admin'])
    .executeTakeFirst();
  return row ? toContext(row, claims.exp) : null;
}

/**
 * The caller of an API request with what they may do, in one round trip: the session, membership,
 * custom role and user groups are read by a single statement (every governed request pays for this,
 * so it is not three).
 */
export async function resolveCaller(
  db: Db,
  jwt: JwtService,
  token: string,
): Promise<AuthorizedCaller | null> {
  const claims = await sessionClaims(jwt, token, 'access');
  return claims ? callerOfClaims(db, claims) : null;
}

/** The caller behind an access token's verified claims, or null when its session is no longer live. */
async function callerOfClaims(db: Db, claims: SessionClaims): Promise<AuthorizedCaller | null> {
  const row = await liveSession(db, claims)
    .leftJoin('roles as r', (join) => join.onRef('r.id', '=', 'm.role_id').onRef('r.org_id', '=', 'm.org_id'))
    .select((eb) => [
      's.id',
      's.org_id',
      's.user_id',
      'm.role',
      'm.apps',
      'u.is_platform_admin',
      'o.apps as org_apps',
      'r.permissions as role_permissions',
      jsonArrayFrom(
        eb
          .selectFrom('user_group_members as gm')
          .innerJoin('user_groups as g', 'g.id', 'gm.group_id')
          .select(['g.apps', 'g.permissions'])
          .whereRef('gm.org_id', '=', 's.org_id')
          .whereRef('g.org_id', '=', 's.org_id')
          .whereRef('gm.user_id', '=', 's.user_id')
          .where('g.archived_at', 'is', null),
      ).as('groups'),
    ])
    .executeTakeFirst();
  if (!row) return null;
  const abilities = combineGrants({
    orgApps: row.org_apps.filter(isAppKey),
    role: row.role,
    isPlatformAdmin: row.is_platform_admin,
    directApps: row.apps,
    rolePermissions: row.role_permissions ?? [],
    groups: row.groups,
  });
  return { ...toContext(row, claims.exp), abilities };
}

function deniedMessage(permission: Permission): string {
  const app = APPS[permissionApp(permission)];
  const action = permission.split('.')[1] ?? '';
  const label = (ACTION_LABELS[action] ?? action).toLowerCase();
  return `You do not have permission to ${label} in ${app.title}`;
}

/** The caller may call this route in the organization of its path, or the problem saying why not. */
function authorize(request: FastifyRequest, auth: AuthorizedCaller | null): AuthorizedCaller {
  if (!auth) throw problems.unauthorized('The access token is invalid or has expired', 'Token expired');
  const { access, permission } = request.routeOptions.config ?? {};
  if (access === 'platformAdmin' && !auth.isPlatformAdmin)
    throw problems.forbidden('Only platform admins may do this');
  const orgId = pathOrgId(request);
  if (orgId !== undefined && orgId !== auth.orgId) {
    throw problems.forbidden('You can only reach the organization you are signed in to');
  }
  if (permission && permission !== 'self' && !auth.abilities.permissions.has(permission)) {
    throw problems.forbidden(deniedMessage(permission));
  }
  return auth;
}

function pathOrgId(request: FastifyRequest): unknown {
  return (request.params as Record<string, unknown> | undefined)?.orgId;
}

/** Every node forgets its callers when any node answered a write (sign-out, revocation, roles…). */
const CALLERS_CHANGED: BusChannel = 'ferrite_callers_changed';

/** Methods that change nothing; any other request may change what someone may do. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Default-deny for the API: a route runs only if it is public, or the caller holds a live session,
 * addresses their own organization in any {orgId}, and holds the permission the route declares.
 * Callers found are reused for a second (callerCache.ts), and forgotten on every node through the
 * cluster bus the moment any node answers a write. A read-ahead route (config.readAhead) whose
 * caller must be looked up checks the token's signature and organization here and the rest beside its
 * read (readAhead.ts).
 */
export function installAuthContext(app: FastifyInstance, db: Db, jwt: JwtService, bus: ClusterBus): void {
  requireDeclaredAccess(app);
  const callers = new CallerCache();
  const stopHearing = bus.subscribe(CALLERS_CHANGED, {
    // The writing node forgot its own at once (below).
    message: ({ local }) => {
      if (!local) callers.forget();
    },
    missed: () => callers.forget(),
  });
  app.addHook('onClose', async () => stopHearing());
  // A burst of writes (a dashboard editor saving) tells the other nodes twice, not once per write.
  const tellOtherNodes = coalesce(() => bus.publish(CALLERS_CHANGED, null));
  app.decorateRequest('auth', null);
  app.decorateRequest('pendingCaller', null);
  app.addHook('onRequest', async (request) => {
    const { access, readAhead } = request.routeOptions.config ?? {};
    const url = request.routeOptions.url ?? '';
    // Unknown routes have no url (the not-found handler answers 404); the web app and API docs are public.
    if (!isGovernedRoute(url) || access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw problems.unauthorized('A bearer token is required');
    const claims = await sessionClaims(jwt, token, 'access');
    if (!claims) throw problems.unauthorized('The access token is invalid or has expired', 'Token expired');
    const known = callers.get(claims.sid, claims.sub);
    if (known) {
      request.auth = authorize(request, { ...known, tokenExpiresAt: new Date(claims.exp * 1000) });
      return;
    }
    const generation = callers.current;
    const authorized = callerOfClaims(db, claims).then((caller) => {
      if (caller) callers.remember(caller, generation);
      return authorize(request, caller);
    });
    if (readAhead && claims.org !== null && claims.org === pathOrgId(request)) {
      // A failure is answered by whoever awaits it (readAhead or the error handler), never unhandled.
      authorized.catch(() => undefined);
      request.pendingCaller = authorized;
      return;
    }
    request.auth = await authorized;
  });
  app.addHook('onResponse', async (request) => {
    // After the write is answered (committed): lookups from before it are not remembered either.
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.deviceTraffic) return;
    callers.forget();
    await tellOtherNodes();
  });
}

/** The authorized caller of a governed route (the hook guarantees it is set). */
export function requireAuth(request: FastifyRequest): AuthorizedCaller {
  if (!request.auth) throw problems.unauthorized();
  return request.auth;
}
