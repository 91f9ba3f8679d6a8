/**
 * Route access, declared not remembered: every API route says in its config who may call it and
 * which permission it needs; start-up fails for a route that says nothing.
 */
import type { Permission } from '@ferrite/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Who may call a route at all: anyone, a signed-in member, or a platform admin. */
export type Access = 'public' | 'member' | 'platformAdmin';

/** The permission a member route needs; 'self' for routes about the caller's own account. */
export type RoutePermission = Permission | 'self';

export interface DeclaredAccess {
  access: Access;
  permission: RoutePermission | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    permission?: RoutePermission;
    /**
     * A read that may start beside its caller's authorization (platform/http/readAhead.ts): only for
     * routes that change nothing and whose handler answers through readAhead().
     */
    readAhead?: true;
    /**
     * A device's request (ingest, heartbeats, command polls): whatever it writes, no member's session or
     * permissions change, so remembered callers stay (platform/http/callerCache.ts).
     */
    deviceTraffic?: true;
  }
  interface FastifyInstance {
    /** Every governed route as `METHOD /url` → what it declared; the cross-tenant test walks it. */
    routeAccess: Map<string, DeclaredAccess>;
  }
}

/** True for routes the access rules govern: the API, but not its documentation. */
export function isGovernedRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** Catalogues every API route's access and refuses one that names neither public access nor a permission. */
export function requireDeclaredAccess(app: FastifyInstance): void {
  const catalogue = new Map<string, DeclaredAccess>();
  app.decorate('routeAccess', catalogue);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isGovernedRoute(route.url)) return;
    const config = (route.config ?? {}) as { access?: Access; permission?: RoutePermission };
    const access = config.access ?? 'member';
    // Platform-admin routes are governed by the access level itself; member routes name a permission.
    if (access === 'member' && !config.permission) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.permission (or access: 'public')`,
      );
    }
    if (access === 'public') {
      // The OpenAPI document then shows that the route needs no token.
      route.schema = { ...(route.schema ?? {}), security: [] };
    }
    for (const method of [route.method].flat()) {
      catalogue.set(`${method} ${route.url}`, { access, permission: config.permission ?? null });
    }
  });
}
