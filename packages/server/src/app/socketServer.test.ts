import { type GatewayLog, SOCKET_EVENTS, SOCKET_PATH, type SubscribeAck } from '@ferrite/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayFixture, gatewayFixture } from '../modules/iotManager/ingest/testSupport';
import { attachSocketServer, type RunningSocketServer } from '../platform/realtime/socketServer';
import { createTestPlatform, type TestPlatform } from '../testing/testPlatform';
import { socketAccessOf } from './runtime';

let platform: TestPlatform;
let sockets: RunningSocketServer;
let base: string;
let mine: GatewayFixture;
let theirs: GatewayFixture;
const opened: Socket[] = [];

beforeAll(async () => {
  platform = await createTestPlatform();
  sockets = await attachSocketServer(platform.app, platform.deps, socketAccessOf());
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  mine = await gatewayFixture(platform, { protocol: 'HTTP' });
  theirs = await gatewayFixture(platform, { protocol: 'HTTP' });
});
afterAll(async () => {
  for (const socket of opened) socket.close();
  await sockets.close();
  await platform.close();
});

function connect(token: string | undefined): Promise<Socket> {
  const socket = io(base, {
    path: SOCKET_PATH,
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const subscribe = (socket: Socket, room: unknown) =>
  new Promise<SubscribeAck>((resolve) => socket.emit(SOCKET_EVENTS.subscribe, room, resolve));

describe('the realtime socket', () => {
  it('refuses a connection without a valid access token', async () => {
    await expect(connect(undefined)).rejects.toThrow('A token is required');
    await expect(connect('not-a-token')).rejects.toThrow('The access token is invalid or has expired');
  });

  it("streams a gateway's new log lines to a member who joined its room", async () => {
    const socket = await connect(mine.adminToken);
    expect(
      await subscribe(socket, { kind: 'gatewayLogs', orgId: mine.orgId, gatewayId: mine.gatewayId }),
    ).toEqual({ ok: true });
    const line = new Promise<GatewayLog>((resolve) => socket.once(SOCKET_EVENTS.gatewayLog, resolve));
    const response = await platform.app.inject({
      method: 'POST',
      url: `/api/ingest/${mine.gatewayId}`,
      headers: { authorization: `Bearer ${mine.token}`, 'content-type': 'application/json' },
      payload: '{"temp": 7}',
    });
    expect(response.statusCode).toBe(200);
    await platform.deps.gatewayLogs.flush();
    expect(await line).toMatchObject({
      gateway_id: mine.gatewayId,
      kind: 'telemetry',
      message: '1 reading, 1 points stored',
    });
  });

  it('refuses rooms of another organization, even with the right ids', async () => {
    const socket = await connect(mine.adminToken);
    expect(
      await subscribe(socket, { kind: 'gatewayLogs', orgId: theirs.orgId, gatewayId: theirs.gatewayId }),
    ).toEqual({
      ok: false,
      error: 'You can only follow your own organization',
    });
    expect(
      await subscribe(socket, { kind: 'gatewayLogs', orgId: mine.orgId, gatewayId: theirs.gatewayId }),
    ).toEqual({
      ok: false,
      error: 'Not found',
    });
    expect(await subscribe(socket, { kind: 'sensor', orgId: mine.orgId, sensorId: theirs.sensorId })).toEqual(
      {
        ok: false,
        error: 'Not found',
      },
    );
    expect(await subscribe(socket, { kind: 'bogus' })).toEqual({ ok: false, error: 'Unknown room' });
  });
});
