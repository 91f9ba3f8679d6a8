/**
 * Remembered callers across nodes, on both databases: two apps on one database whose cluster buses are
 * joined in memory stand for two nodes (app/revocation.test.ts runs real processes on PostgreSQL). A
 * node that remembers a caller forgets it when the other node answers a sign-out or a permission
 * change, not a second later.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { ClusterBus } from '../platform/cluster';
import type { DatabaseHandle } from '../platform/db/database';
import { createLogger } from '../platform/http/logging';
import { JobQueue } from '../platform/jobs/jobQueue';
import { seedDemoIfEmpty } from '../seed/demo';
import { joinedBuses } from '../testing/joinedBuses';
import { addMember, createGroup, demoOrgId } from '../testing/people';
import { bearer, signInToOrg } from '../testing/session';
import { openTestDatabase } from '../testing/testDatabase';
import { buildApp } from './httpApp';
import { SERVER_MODULES, type ServerDeps } from './modules';
import { createDeps } from './runtime';

let database: DatabaseHandle;
let jobs: JobQueue;
let dataDir: string;
const nodes: { app: FastifyInstance; deps: ServerDeps; bus: ClusterBus }[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ferrite-callers-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'none'),
    SECRET: 'a'.repeat(64),
  });
  database = await openTestDatabase();
  await seedDemoIfEmpty(database.db);
  const log = createLogger('silent');
  jobs = await JobQueue.start(database.db, log);
  for (const bus of joinedBuses(2)) {
    const deps = await createDeps(config, database, log, jobs, SERVER_MODULES, { bus, redis: null });
    const app = await buildApp(deps);
    await app.ready();
    nodes.push({ app, deps, bus });
  }
});

afterAll(async () => {
  for (const { app, deps } of nodes) {
    await deps.ingest.stop();
    await app.close();
  }
  await jobs.stop();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const [a, b] = [() => nodes[0] as (typeof nodes)[number], () => nodes[1] as (typeof nodes)[number]];

/** Resolves once node B has heard that callers changed (another node answered a write). */
function heardOnB(): Promise<void> {
  return new Promise((resolve) => {
    const stop = b().bus.subscribe('ferrite_callers_changed', {
      message: ({ local }) => {
        if (local) return;
        stop();
        resolve();
      },
    });
  });
}

async function projects(app: FastifyInstance, token: string, orgId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/entity_mgmt/orgs/${orgId}/projects?page_size=1`,
    headers: bearer(token),
  });
  return response.statusCode;
}

const orgOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { org: string }).org;

describe('remembered callers on two nodes', () => {
  it('are forgotten on the other node when one answers a sign-out', async () => {
    const session = await signInToOrg(a().app);
    const orgId = orgOf(session.access_token);
    expect(await projects(b().app, session.access_token, orgId)).toBe(200);
    const heard = heardOnB();
    const signOut = await a().app.inject({
      method: 'POST',
      url: '/api/sign-out',
      payload: { access_token: session.access_token, refresh_token: session.refresh_token },
    });
    expect(signOut.statusCode).toBe(200);
    await heard;
    expect(await projects(b().app, session.access_token, orgId)).toBe(401);
  });

  it("are forgotten on the other node when one narrows a member's permissions", async () => {
    const admin = await signInToOrg(a().app);
    const orgId = orgOf(admin.access_token);
    const viewers = await createGroup(database.db, await demoOrgId(database.db), {
      name: 'Viewers',
      apps: ['entityManager'],
      permissions: ['entityManager.view'],
    });
    const person = { email: 'viewer@plant.test', password: 'Viewer@2026' };
    const id = await addMember(database.db, orgId, { ...person, groupIds: [viewers] });
    const member = await signInToOrg(b().app, person.email, person.password);
    expect(await projects(b().app, member.access_token, orgId)).toBe(200);
    const heard = heardOnB();
    const narrowed = await a().app.inject({
      method: 'PUT',
      url: `/api/role_mgmt/orgs/${orgId}/users/${id}`,
      headers: bearer(admin.access_token),
      payload: { user_group_ids: [], apps: [] },
    });
    expect(narrowed.statusCode).toBe(200);
    await heard;
    expect(await projects(b().app, member.access_token, orgId)).toBe(403);
  });
});
