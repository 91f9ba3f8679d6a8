/** Test helpers for the Role Manager modules: people straight into the database, and a small API client. */
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../platform/security/passwords';
import { bearer, signInToOrg } from '../../testing/session';
import type { TestPlatform } from '../../testing/testPlatform';

export const MEMBER_PASSWORD = 'Member#2026';

let passwordHash: Promise<string> | undefined;

/** Adds a user and their membership of the organization; answers the user id. */
export async function addMember(
  platform: TestPlatform,
  orgId: string,
  person: { email: string; name?: string; role?: 'admin' | 'member'; archived?: boolean },
): Promise<string> {
  passwordHash ??= hashPassword(MEMBER_PASSWORD);
  const db = platform.deps.db;
  const user = await db
    .insertInto('users')
    .values({
      email: person.email,
      name: person.name ?? person.email.split('@')[0] ?? person.email,
      password_hash: await passwordHash,
      settings: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('memberships')
    .values({
      org_id: orgId,
      user_id: user.id,
      role: person.role ?? 'member',
      archived_at: person.archived ? new Date() : null,
    })
    .execute();
  return user.id;
}

/** Adds another organization with the given apps and an admin; answers both ids and the admin's token. */
export async function addOrgWithAdmin(
  platform: TestPlatform,
  org: { name: string; slug: string; email: string; apps: string[] },
): Promise<{ orgId: string; userId: string; token: string }> {
  const created = await platform.deps.db
    .insertInto('orgs')
    .values({ name: org.name, slug: org.slug, apps: JSON.stringify(org.apps) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userId = await addMember(platform, created.id, { email: org.email, role: 'admin' });
  const session = await signInToOrg(platform.app, org.email, MEMBER_PASSWORD);
  return { orgId: created.id, userId, token: session.access_token };
}

/** Signs a member in and answers their access token. */
export async function memberToken(platform: TestPlatform, email: string): Promise<string> {
  return (await signInToOrg(platform.app, email, MEMBER_PASSWORD)).access_token;
}

export interface RoleManagerClient {
  get(path: string, query?: Record<string, string | number | boolean>): Promise<LightMyRequestResponse>;
  post(path: string, payload?: object): Promise<LightMyRequestResponse>;
  put(path: string, payload: object): Promise<LightMyRequestResponse>;
  delete(path: string): Promise<LightMyRequestResponse>;
}

/** Calls /api/role_mgmt/orgs/{orgId}/… with a bearer token. */
export function roleManagerClient(platform: TestPlatform, orgId: string, token: string): RoleManagerClient {
  const url = (path: string) => `/api/role_mgmt/orgs/${orgId}${path}`;
  const headers = bearer(token);
  return {
    get: (path, query) =>
      platform.app.inject({
        method: 'GET',
        url: url(path),
        headers,
        query: Object.fromEntries(Object.entries(query ?? {}).map(([k, v]) => [k, String(v)])),
      }),
    post: (path, payload) =>
      platform.app.inject({ method: 'POST', url: url(path), headers, ...(payload ? { payload } : {}) }),
    put: (path, payload) => platform.app.inject({ method: 'PUT', url: url(path), headers, payload }),
    delete: (path) => platform.app.inject({ method: 'DELETE', url: url(path), headers }),
  };
}

/** The paths of a 400's field errors. */
export function errorPaths(response: LightMyRequestResponse): string[] {
  const body = response.json() as { errors?: { path: string }[] };
  return (body.errors ?? []).map((error) => error.path);
}
