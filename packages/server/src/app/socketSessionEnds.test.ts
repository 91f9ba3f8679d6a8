/**
 * A member's live socket closes the moment their session ends, on every node, on both databases: two
 * apps on one database whose cluster buses are joined in memory stand for two nodes. Node A answers the
 * sign-out or the archiving; the socket held by node B is told why (`session.ended`), disconnected, and
 * hears no more sensor values, while another session of the same person stays connected. A node whose
 * bus was cut off checks its sockets' sessions again.
 */
import {
  type SensorValuesEvent,
  type SessionEndedEvent,
  SOCKET_EVENTS,
  SOCKET_PATH,
  type SubscribeAck,
} from '@ferrite/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson, PERSON_PASSWORD } from '../modules/entityManager/testSupport';
import { type GatewayFixture, gatewayFixture } from '../modules/iotManager/ingest/testSupport';
import { attachSocketServer, type RunningSocketServer } from '../platform/realtime/socketServer';
import { type JoinedNode, type JoinedNodes, startJoinedNodes } from '../testing/joinedNodes';
import { bearer, signInToOrg } from '../testing/session';
import { socketAccessOf } from './runtime';

let joined: JoinedNodes;
let sockets: RunningSocketServer;
let base: string;
let gw: GatewayFixture;
let adminEmail: string;
const opened: Socket[] = [];

beforeAll(async () => {
  joined = await startJoinedNodes(2, { SECRET: 'b'.repeat(64), LIVE_VALUES_MS: '50' });
  const b = nodeB();
  sockets = await attachSocketServer(b.app, b.deps, socketAccessOf());
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  const address = b.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  gw = await gatewayFixture(nodeA(), { protocol: 'HTTP' });
  const org = await joined.database.db
    .updateTable('orgs')
    .set({ apps: JSON.stringify(['entityManager', 'iotManager', 'dashboards', 'roleManager']) })
    .where('id', '=', gw.orgId)
    .returning('slug')
    .executeTakeFirstOrThrow();
  adminEmail = `admin@${org.slug}.io`;
});

afterAll(async () => {
  for (const socket of opened) socket.close();
  await sockets?.close();
  await joined.close();
});

const nodeA = () => joined.nodes[0] as JoinedNode;
const nodeB = () => joined.nodes[1] as JoinedNode;

/** What a socket heard, in order, from its connection on. */
interface Watched {
  socket: Socket;
  heard: string[];
  values: SensorValuesEvent[];
  ended: Promise<{ event: SessionEndedEvent; reason: string; at: number }>;
}

/** The socket token of POST fetch_token, asked of node A. */
async function socketToken(accessToken: string): Promise<string> {
  const fetched = await nodeA().app.inject({
    method: 'POST',
    url: `/api/dash_mgmt/orgs/${gw.orgId}/fetch_token`,
    headers: bearer(accessToken),
  });
  expect(fetched.statusCode).toBe(200);
  return fetched.json().token;
}

/** A socket to node B; rejects when the handshake is refused. */
async function connect(token: string): Promise<Socket> {
  const socket = io(base, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** A member's socket on node B in the sensor's room. */
async function sensorSocket(token: string): Promise<Watched> {
  const socket = await connect(token);
  const heard: string[] = [];
  const values: SensorValuesEvent[] = [];
  socket.onAny((event: string) => heard.push(event));
  socket.on(SOCKET_EVENTS.sensorValues, (event: SensorValuesEvent) => values.push(event));
  const ended = new Promise<{ event: SessionEndedEvent; reason: string; at: number }>((resolve) => {
    let event: SessionEndedEvent | null = null;
    socket.once(SOCKET_EVENTS.sessionEnded, (told: SessionEndedEvent) => {
      event = told;
    });
    socket.once('disconnect', (reason) => {
      heard.push('disconnect');
      if (event) resolve({ event, reason, at: Date.now() });
    });
  });
  const ack = await new Promise<SubscribeAck>((resolve) =>
    socket.emit(SOCKET_EVENTS.subscribe, { kind: 'sensor', orgId: gw.orgId, sensorId: gw.sensorId }, resolve),
  );
  expect(ack).toEqual({ ok: true });
  return { socket, heard, values, ended };
}

/** A reading of the gateway, sent to node B, which holds the sockets. */
async function reading(temp: number): Promise<void> {
  const response = await nodeB().app.inject({
    method: 'POST',
    url: `/api/ingest/${gw.gatewayId}`,
    headers: { authorization: `Bearer ${gw.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ temp }),
  });
  expect(response.statusCode).toBe(200);
}

/** Resolves with the socket's next temperature value. */
function nextTemperature(watched: Watched): Promise<number> {
  return new Promise((resolve) => {
    const listener = (event: SensorValuesEvent) => {
      const value = event.values.find((v) => v.param_key === 'temperature');
      if (event.sensor_id !== gw.sensorId || !value) return;
      watched.socket.off(SOCKET_EVENTS.sensorValues, listener);
      resolve(value.value);
    };
    watched.socket.on(SOCKET_EVENTS.sensorValues, listener);
  });
}

describe("a member's live socket when the session ends", () => {
  it('is told and disconnected on the other node at sign-out; their other session stays', async () => {
    const leaving = await signInToOrg(nodeA().app, adminEmail, PERSON_PASSWORD);
    const staying = await signInToOrg(nodeA().app, adminEmail, PERSON_PASSWORD);
    const gone = await sensorSocket(await socketToken(leaving.access_token));
    const kept = await sensorSocket(await socketToken(staying.access_token));

    const signOut = await nodeA().app.inject({
      method: 'POST',
      url: '/api/sign-out',
      payload: { access_token: leaving.access_token, refresh_token: leaving.refresh_token },
    });
    const answeredAt = Date.now();
    expect(signOut.statusCode).toBe(200);
    const ended = await gone.ended;
    expect(ended.event).toEqual({ reason: 'signed_out' });
    // The server closed it: socket.io's client does not reconnect after this reason.
    expect(ended.reason).toBe('io server disconnect');
    expect(gone.socket.active).toBe(false);
    expect(ended.at - answeredAt).toBeLessThan(100);
    expect(gone.heard.slice(-2)).toEqual([SOCKET_EVENTS.sessionEnded, 'disconnect']);

    const value = nextTemperature(kept);
    await reading(21.5);
    expect(await value).toBe(21.5);
    expect(kept.socket.connected).toBe(true);
    expect(gone.values).toEqual([]);
  });

  it("is told and disconnected when the member is archived; the archiving admin's stays", async () => {
    const email = `archived-${gw.gatewayId.slice(0, 8)}@plant.test`;
    const userId = await addPerson(nodeA(), gw.orgId, { email, role: 'admin' });
    const member = await signInToOrg(nodeA().app, email, PERSON_PASSWORD);
    const token = await socketToken(member.access_token);
    const gone = await sensorSocket(token);
    const kept = await sensorSocket(await socketToken(gw.adminToken));

    const archived = await nodeA().app.inject({
      method: 'POST',
      url: `/api/role_mgmt/orgs/${gw.orgId}/users/${userId}/archive`,
      headers: bearer(gw.adminToken),
    });
    expect(archived.statusCode).toBe(200);
    expect((await gone.ended).event).toEqual({ reason: 'membership_ended' });

    const value = nextTemperature(kept);
    await reading(22.5);
    expect(await value).toBe(22.5);
    expect(gone.values).toEqual([]);
    // Its token no longer opens a socket either: a client that tries again is refused at the handshake.
    await expect(connect(token)).rejects.toThrow('The access token is invalid or has expired');
  });

  it('is told and disconnected when the member is removed from the organization', async () => {
    const email = `removed-${gw.gatewayId.slice(0, 8)}@plant.test`;
    const userId = await addPerson(nodeA(), gw.orgId, { email, role: 'admin' });
    const member = await signInToOrg(nodeA().app, email, PERSON_PASSWORD);
    const gone = await sensorSocket(await socketToken(member.access_token));
    const removed = await nodeA().app.inject({
      method: 'DELETE',
      url: `/api/role_mgmt/orgs/${gw.orgId}/users/${userId}`,
      headers: bearer(gw.adminToken),
    });
    expect(removed.statusCode).toBe(204);
    expect((await gone.ended).event).toEqual({ reason: 'membership_ended' });
  });

  it('is disconnected when the bus was cut off and the session ended meanwhile', async () => {
    const email = `unheard-${gw.gatewayId.slice(0, 8)}@plant.test`;
    const userId = await addPerson(nodeA(), gw.orgId, { email, role: 'admin' });
    const member = await signInToOrg(nodeA().app, email, PERSON_PASSWORD);
    const gone = await sensorSocket(await socketToken(member.access_token));
    const kept = await sensorSocket(await socketToken(gw.adminToken));
    // Archived with no announcement, as if node B missed it while its bus connection was down.
    await joined.database.db
      .updateTable('memberships')
      .set({ archived_at: new Date() })
      .where('org_id', '=', gw.orgId)
      .where('user_id', '=', userId)
      .execute();
    const closed = new Promise<string>((resolve) => gone.socket.once('disconnect', resolve));
    nodeB().bus.cut();
    expect(await closed).toBe('io server disconnect');
    const value = nextTemperature(kept);
    await reading(23.5);
    expect(await value).toBe(23.5);
  });

  it("is told and disconnected when the organization is archived (every member's)", async () => {
    const platformAdmin = await signInToOrg(nodeA().app);
    const gone = await sensorSocket(await socketToken(gw.adminToken));
    const archived = await nodeA().app.inject({
      method: 'POST',
      url: `/api/tenant_mgmt/orgs/${gw.orgId}/archive`,
      headers: bearer(platformAdmin.access_token),
    });
    expect(archived.statusCode).toBe(200);
    expect((await gone.ended).event).toEqual({ reason: 'organization_archived' });
  });
});
