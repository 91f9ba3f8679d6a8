/**
 * What every demo seeder gets: the database for bulk rows, the app itself for calls through the public
 * API (answered in-process by `inject`, before the port opens), and what earlier seeders made.
 */
import type { AppKey, OrgSignInResponse, SignInResponse } from '@ferrite/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../../platform/db/database';

/** A JSON call through the app's own routes, signed in as the demo admin. */
export interface DemoApi {
  request<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<T>;
  /** Raw bytes (firmware files). */
  upload<T>(path: string, bytes: Buffer, query: Record<string, string>): Promise<T>;
}

/** A seeded sensor, by instrument tag. */
export interface DemoSensor {
  id: string;
  project: string;
  type: string;
}

export interface DemoContext {
  db: Db;
  api: DemoApi;
  orgId: string;
  adminId: string;
  /** Project id by name (the projects of seed/demo.ts). */
  projects: ReadonlyMap<string, string>;
  /** Filled by the Entity Manager seeder. */
  sensors: Map<string, DemoSensor>;
  /** Gateway id by name, filled by the IoT Manager seeder. */
  gateways: Map<string, string>;
}

/**
 * One app's share of the demo. `seed` runs on the first start of an empty database; when that start
 * was killed before it finished, the next start runs `clear` and `seed` again.
 */
export interface DemoSeeder {
  /** The app it seeds, or a share of the demo no single app owns (the plant's recent history). */
  key: AppKey | 'history';
  seed(ctx: DemoContext): Promise<void>;
  /**
   * Removes whatever an interrupted `seed` left in the demo organization, so that it starts over. Runs
   * only for a seeder that never finished, before the demo was ever served, so it may clear the
   * organization's rows of its app.
   */
  clear(ctx: DemoContext): Promise<void>;
  /** Refills what later seeders read from the context (sensors, gateways) when this one finished before. */
  load?(ctx: DemoContext): Promise<void>;
}

/** Signs the demo admin in through the app's routes and answers an API bound to that session. */
export async function demoApi(
  app: FastifyInstance,
  email: string,
  password: string,
  orgId: string,
): Promise<DemoApi> {
  const call = async <T>(options: InjectOptions): Promise<T> => {
    const response = await app.inject(options);
    if (response.statusCode >= 300) {
      throw new Error(
        `Demo seeding: ${String(options.method)} ${String(options.url)} answered ${response.statusCode} ${response.body}`,
      );
    }
    return (response.body ? response.json() : undefined) as T;
  };
  const user = await call<SignInResponse>({
    method: 'POST',
    url: '/api/sign-in',
    payload: { email, password },
  });
  const tokens = await call<OrgSignInResponse>({
    method: 'POST',
    url: `/api/orgs/${orgId}/sign-in`,
    headers: { 'auth-token': user.auth_token },
  });
  const authorization = `Bearer ${tokens.access_token}`;
  return {
    request: (method, path, body, query) =>
      call({
        method,
        url: `/api${path}`,
        query,
        headers: { authorization },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    upload: (path, bytes, query) =>
      call({
        method: 'POST',
        url: `/api${path}`,
        query,
        headers: { authorization, 'content-type': 'application/octet-stream' },
        payload: bytes,
      }),
  };
}
