/** Test helpers for the Entity Manager: projects and people straight into the database, an API client. */
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../platform/security/passwords';
import { bearer, signInToOrg } from '../../testing/session';
import type { TestPlatform } from '../../testing/testPlatform';

export const PERSON_PASSWORD = 'Person#2026';
let passwordHash: Promise<string> | undefined;

/** Adds a project to the organization (the projects API is another module's); answers its id. */
export async function addProject(
  platform: TestPlatform,
  orgId: string,
  name: string,
  options: { archived?: boolean } = {},
): Promise<string> {
  const row = await platform.deps.db
    .insertInto('projects')
    .values({ org_id: orgId, name, archived_at: options.archived ? new Date() : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds a user with a membership of the organization; answers the user id. */
export async function addPerson(
  platform: TestPlatform,
  orgId: string,
  person: { email: string; role?: 'admin' | 'member'; archived?: boolean; apps?: string[] },
): Promise<string> {
  passwordHash ??= hashPassword(PERSON_PASSWORD);
  const db = platform.deps.db;
  const user = await db
    .insertInto('users')
    .values({
      email: person.email,
      name: person.email.split('@')[0] ?? person.email,
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
      apps: JSON.stringify(person.apps ?? []),
      archived_at: person.archived ? new Date() : null,
    })
    .execute();
  return user.id;
}

/** Adds an organization with every app and an admin; answers its id and the admin's token. */
export async function addOrgWithAdmin(
  platform: TestPlatform,
  slug: string,
  apps: readonly string[],
): Promise<{ orgId: string; token: string }> {
  const org = await platform.deps.db
    .insertInto('orgs')
    .values({ name: slug, slug, apps: JSON.stringify(apps) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const email = `admin@${slug}.io`;
  await addPerson(platform, org.id, { email, role: 'admin' });
  return { orgId: org.id, token: await tokenOf(platform, email) };
}

/** Signs a person added here in and answers their access token. */
export async function tokenOf(platform: TestPlatform, email: string): Promise<string> {
  return (await signInToOrg(platform.app, email, PERSON_PASSWORD)).access_token;
}

export interface EntityManagerClient {
  get(path: string, query?: Record<string, string | number | boolean>): Promise<LightMyRequestResponse>;
  post(path: string, payload?: object): Promise<LightMyRequestResponse>;
  put(path: string, payload: object): Promise<LightMyRequestResponse>;
  delete(path: string, query?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** Calls /api/entity_mgmt/orgs/{orgId}/… with a bearer token. */
export function entityManagerClient(
  platform: TestPlatform,
  orgId: string,
  token: string,
): EntityManagerClient {
  const url = (path: string) => `/api/entity_mgmt/orgs/${orgId}${path}`;
  const headers = bearer(token);
  const query = (values?: Record<string, string | number | boolean>) =>
    Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)]));
  return {
    get: (path, values) =>
      platform.app.inject({ method: 'GET', url: url(path), headers, query: query(values) }),
    post: (path, payload) =>
      platform.app.inject({ method: 'POST', url: url(path), headers, ...(payload ? { payload } : {}) }),
    put: (path, payload) => platform.app.inject({ method: 'PUT', url: url(path), headers, payload }),
    delete: (path, values) =>
      platform.app.inject({ method: 'DELETE', url: url(path), headers, query: query(values) }),
  };
}

/** Creates a type through the API and answers its id (fails the test on anything but 201). */
export async function createType(
  client: EntityManagerClient,
  kind: 'asset' | 'sensor',
  body: Record<string, unknown>,
): Promise<string> {
  const response = await client.post(`/${kind}_types`, body);
  if (response.statusCode !== 201)
    throw new Error(`create type answered ${response.statusCode}: ${response.body}`);
  return response.json().id;
}

/** Creates an entity through the API and answers its id (fails the test on anything but 201). */
export async function createEntity(
  client: EntityManagerClient,
  projectId: string,
  kind: 'asset' | 'sensor',
  body: Record<string, unknown>,
): Promise<string> {
  const response = await client.post(`/projects/${projectId}/${kind}s`, body);
  if (response.statusCode !== 201)
    throw new Error(`create ${kind} answered ${response.statusCode}: ${response.body}`);
  return response.json().id;
}

/** The paths of a 400's field errors. */
export function errorPaths(response: LightMyRequestResponse): string[] {
  const body = response.json() as { errors?: { path: string }[] };
  return (body.errors ?? []).map((error) => error.path);
}
