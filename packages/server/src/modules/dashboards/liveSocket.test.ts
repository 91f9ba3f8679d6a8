/**
 * Live dashboards end to end: a value published over MQTT to the embedded broker reaches, within one
 * second, a member's socket (socket token from fetch_token) and a shared-link holder's socket (share
 * token), both subscribed to the sensor. A link holder joins nothing but its own dashboard's rooms,
 * and revoking the link disconnects it.
 */
import {
  type SensorValuesEvent,
  SOCKET_EVENTS,
  SOCKET_PATH,
  type SocketRoom,
  type SubscribeAck,
} from '@ferrite/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketAccessOf } from '../../app/runtime';
import { attachSocketServer, type RunningSocketServer } from '../../platform/realtime/socketServer';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';
import { createEntity, createType, entityManagerClient } from '../entityManager/testSupport';
import { type DeviceTransports, startDeviceTransports } from '../iotManager/ingest/deviceTransports';
import { type GatewayFixture, gatewayFixture } from '../iotManager/ingest/testSupport';
import {
  addWidget,
  createDashboard,
  createPanel,
  type DashClient,
  dashClient,
  expectStatus,
  seriesConfig,
  sharedClient,
} from './testSupport';

let platform: TestPlatform;
let transports: DeviceTransports;
let sockets: RunningSocketServer;
let base: string;
let gw: GatewayFixture;
let dash: DashClient;
let dashboardId: string;
let otherSensor: string;
let link: { uuid: string; password: string };
const opened: Socket[] = [];
const devices: MqttClient[] = [];

beforeAll(async () => {
  platform = await createTestPlatform({ MQTT_PORT: '0', COAP_PORT: '0', HOST: '127.0.0.1' });
  transports = await startDeviceTransports(platform.deps);
  sockets = await attachSocketServer(platform.app, platform.deps, socketAccessOf());
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  gw = await gatewayFixture(platform);
  await platform.deps.db
    .updateTable('orgs')
    .set({ apps: JSON.stringify(['entityManager', 'iotManager', 'dashboards']) })
    .where('id', '=', gw.orgId)
    .returning('id')
    .execute();
  dash = dashClient(platform, gw.orgId, gw.adminToken);
  const em = entityManagerClient(platform, gw.orgId, gw.adminToken);
  const type = await createType(em, 'sensor', {
    name: 'Other',
    parameters: [{ key: 'level', data_type: 'number', unit: '%' }],
  });
  otherSensor = await createEntity(em, gw.projectId, 'sensor', { name: 'Tank', type_id: type });
  dashboardId = (await createDashboard(dash, { name: 'Live' })).id;
  const panel = await createPanel(dash, dashboardId);
  // Two widgets on one parameter: the client shares one sensor subscription between them.
  for (const widgetId of ['kpi.basic', 'line.basic']) {
    await addWidget(dash, panel.id, widgetId, {
      config: seriesConfig([{ sensor_id: gw.sensorId, param_key: 'temperature' }]),
    });
  }
  const created = expectStatus(await dash.post(`/dashboards/${dashboardId}/export`, {}), 201).json();
  link = { uuid: created.export.uuid, password: created.password };
});
afterAll(async () => {
  for (const socket of opened) socket.close();
  for (const device of devices) device.end(true);
  await transports.close();
  await sockets.close();
  await platform.close();
});

function connect(token: string): Promise<Socket> {
  const socket = io(base, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const subscribe = (socket: Socket, room: SocketRoom | { kind: string }) =>
  new Promise<SubscribeAck>((resolve) => socket.emit(SOCKET_EVENTS.subscribe, room, resolve));

async function memberSocket(): Promise<Socket> {
  const { token } = expectStatus(await dash.post('/fetch_token'), 200).json();
  return connect(token);
}

async function shareSocket(): Promise<Socket> {
  const verified = await sharedClient(platform, null).post(`/dashboards/${link.uuid}/verify`, {
    password: link.password,
  });
  return connect(expectStatus(verified, 200).json().token);
}

/** The first temperature value the socket hears, with when it arrived. */
function nextTemperature(socket: Socket): Promise<{ value: number; at: number }> {
  return new Promise((resolve) => {
    const listener = (event: SensorValuesEvent) => {
      const reading = event.values.find((v) => v.param_key === 'temperature');
      if (event.sensor_id !== gw.sensorId || !reading) return;
      socket.off(SOCKET_EVENTS.sensorValues, listener);
      resolve({ value: reading.value, at: Date.now() });
    };
    socket.on(SOCKET_EVENTS.sensorValues, listener);
  });
}

async function device(): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${transports.mqttPort}`, {
    clientId: gw.clientId,
    username: gw.username,
    password: gw.token,
    reconnectPeriod: 0,
  });
  devices.push(client);
  return client;
}

describe('live dashboard values', () => {
  it('reach a member and a link holder within one second of the MQTT publish', async () => {
    const member = await memberSocket();
    expect(await subscribe(member, { kind: 'dashboard', orgId: gw.orgId, dashboardId })).toEqual({
      ok: true,
    });
    expect(await subscribe(member, { kind: 'sensor', orgId: gw.orgId, sensorId: gw.sensorId })).toEqual({
      ok: true,
    });
    const holder = await shareSocket();
    expect(await subscribe(holder, { kind: 'sharedDashboard', uuid: link.uuid })).toEqual({ ok: true });
    expect(await subscribe(holder, { kind: 'sensor', orgId: gw.orgId, sensorId: gw.sensorId })).toEqual({
      ok: true,
    });

    const client = await device();
    // Let the quiet second pass, as on a dashboard that waits for its device.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const heardByMember = nextTemperature(member);
    const heardByHolder = nextTemperature(holder);
    const sentAt = Date.now();
    await client.publishAsync(gw.topic, JSON.stringify({ temp: 23.75 }), { qos: 1 });
    const [m, h] = await Promise.all([heardByMember, heardByHolder]);
    expect(m.value).toBe(23.75);
    expect(h.value).toBe(23.75);
    expect(m.at - sentAt).toBeLessThan(1_000);
    expect(h.at - sentAt).toBeLessThan(1_000);
  });

  it("lets a link holder join only its own dashboard's rooms", async () => {
    const holder = await shareSocket();
    expect(await subscribe(holder, { kind: 'sensor', orgId: gw.orgId, sensorId: otherSensor })).toEqual({
      ok: false,
      error: 'Not found',
    });
    const refused = {
      ok: false,
      error: 'A shared link may follow only its own dashboard and the sensors its widgets read',
    };
    expect(await subscribe(holder, { kind: 'dashboard', orgId: gw.orgId, dashboardId })).toEqual(refused);
    expect(
      await subscribe(holder, { kind: 'gatewayLogs', orgId: gw.orgId, gatewayId: gw.gatewayId }),
    ).toEqual(refused);
    expect(
      await subscribe(holder, { kind: 'sharedDashboard', uuid: '00000000-0000-4000-8000-000000000000' }),
    ).toEqual({ ok: false, error: 'This token belongs to another dashboard link' });
    // Members follow dashboards, not links.
    const member = await memberSocket();
    expect(await subscribe(member, { kind: 'sharedDashboard', uuid: link.uuid })).toEqual({
      ok: false,
      error: 'Open the shared link to follow it',
    });
  });

  it('tells open views about changes, and disconnects link holders when the link is revoked', async () => {
    const member = await memberSocket();
    await subscribe(member, { kind: 'dashboard', orgId: gw.orgId, dashboardId });
    const holder = await shareSocket();
    await subscribe(holder, { kind: 'sharedDashboard', uuid: link.uuid });
    const changed = new Promise((resolve) => member.once(SOCKET_EVENTS.dashboardChanged, resolve));
    const holderChanged = new Promise((resolve) => holder.once(SOCKET_EVENTS.dashboardChanged, resolve));
    await dash.put(`/dashboards/${dashboardId}`, { name: 'Live (renamed)' });
    const event = { dashboard_id: dashboardId, entity: 'dashboard', id: dashboardId, action: 'updated' };
    expect(await changed).toEqual(event);
    expect(await holderChanged).toEqual(event);

    const ended = new Promise((resolve) => holder.once(SOCKET_EVENTS.dashboardShareEnded, resolve));
    const gone = new Promise((resolve) => holder.once('disconnect', resolve));
    await dash.put(`/dashboards/${dashboardId}/export/${link.uuid}`, { revoked: true });
    expect(await ended).toEqual({ uuid: link.uuid, reason: 'revoked' });
    expect(await gone).toBe('io server disconnect');
    // The old token no longer opens a socket.
    await expect(connect((holder.auth as { token: string }).token)).rejects.toThrow(
      'The access token is invalid or has expired',
    );
    expect(member.connected).toBe(true);
  });
});
