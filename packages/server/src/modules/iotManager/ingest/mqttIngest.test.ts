import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { type DeviceTransports, startDeviceTransports } from './deviceTransports';
import { LOG_PAYLOAD_MAX_CHARS } from './gatewayLogSink';
import { WORKER_FROM_BYTES } from './messageDecoder';
import { type GatewayFixture, gatewayFixture, logLines, storedPoints } from './testSupport';

let platform: TestPlatform;
let transports: DeviceTransports;
let gw: GatewayFixture;
let url: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  platform = await createTestPlatform({ MQTT_PORT: '0', COAP_PORT: '0', HOST: '127.0.0.1' });
  transports = await startDeviceTransports(platform.deps);
  url = `mqtt://127.0.0.1:${transports.mqttPort}`;
  gw = await gatewayFixture(platform, { timestamp: { field: 'at', format: 'iso8601' } });
});
afterAll(async () => {
  for (const client of clients) client.end(true);
  await transports.close();
  await platform.close();
});

/** Connects as the gateway (or with other credentials); rejects on a refused CONNECT. */
function connect(
  options: { clientId?: string; username?: string; password?: string; clean?: boolean } = {},
): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    clean: options.clean ?? true,
    clientId: options.clientId ?? gw.clientId,
    username: options.username ?? gw.username,
    password: options.password ?? gw.token,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
  });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });
}

describe('the embedded MQTT broker', () => {
  it('acknowledges a QoS 1 reading only once it is stored', async () => {
    const device = await connect();
    const at = '2026-11-20T10:00:00.000Z';
    await device.publishAsync(gw.topic, JSON.stringify({ at, temp: 19.25, data: { hum: 55 } }), { qos: 1 });
    // No flush here: PUBACK itself promises durability.
    const temps = await storedPoints(platform, gw.sensorId, 'temperature');
    expect(temps.map((p) => [new Date(p.ts).toISOString(), p.value])).toEqual([[at, 19.25]]);
    const lines = await logLines(platform, gw.gatewayId);
    expect(lines.map((l) => l.kind)).toEqual(expect.arrayContaining(['connect', 'telemetry']));
  });

  it('refuses a wrong password and an unknown client id', async () => {
    await expect(connect({ password: 'fgw_wrong' })).rejects.toThrow(
      /Bad username or password|Connection refused/i,
    );
    await expect(connect({ clientId: 'gw-nobody' })).rejects.toThrow(
      /Bad username or password|Connection refused/i,
    );
  });

  it("disconnects a gateway that publishes on another gateway's topic, and stores nothing from it", async () => {
    const device = await connect();
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    device.publish('ferrite/someone-else', JSON.stringify({ temp: 99 }), { qos: 1 });
    await closed;
    const temps = await storedPoints(platform, gw.sensorId, 'temperature');
    expect(temps.some((p) => p.value === 99)).toBe(false);
  });

  it('keeps a malformed payload in the log with the reason, and still acknowledges it', async () => {
    const device = await connect();
    await device.publishAsync(gw.topic, 'not json', { qos: 1 });
    const [line] = await logLines(platform, gw.gatewayId);
    expect(line).toMatchObject({ kind: 'error', level: 'error', transport: 'mqtt', payload: 'not json' });
  });

  it('stores a message of many readings decoded off the event loop, and logs a big malformed one', async () => {
    const device = await connect();
    const start = Date.UTC(2026, 10, 19, 8, 0, 0);
    const readings = Array.from({ length: 1_000 }, (_, i) => ({
      at: new Date(start + i * 1_000).toISOString(),
      temp: 20 + i / 100,
      data: { hum: i % 100 },
    }));
    const body = JSON.stringify(readings);
    expect(body.length).toBeGreaterThan(WORKER_FROM_BYTES);
    await device.publishAsync(gw.topic, body, { qos: 1 });
    const temps = await storedPoints(platform, gw.sensorId, 'temperature');
    const inMessage = (ts: Date | string) =>
      new Date(ts).getTime() >= start && new Date(ts).getTime() < start + 1_000_000;
    const stored = temps.filter((p) => inMessage(p.ts));
    expect(stored).toHaveLength(1_000);
    expect(stored.map((p) => p.value)).toEqual(readings.map((r) => r.temp));
    const [telemetry] = await logLines(platform, gw.gatewayId);
    expect(telemetry).toMatchObject({ kind: 'telemetry', message: '1000 readings, 2000 points stored' });
    expect(telemetry?.payload).toBe(body.slice(0, LOG_PAYLOAD_MAX_CHARS));

    const garbage = `[${'{"at": "2026-11-19T09:00:00Z", "temp": 1},'.repeat(1_000)}`;
    expect(garbage.length).toBeGreaterThan(WORKER_FROM_BYTES);
    await device.publishAsync(gw.topic, garbage, { qos: 1 });
    const [error] = await logLines(platform, gw.gatewayId);
    expect(error).toMatchObject({ kind: 'error', level: 'error', transport: 'mqtt' });
    expect(error?.message).toMatch(/^Malformed JSON/);
    expect(error?.payload).toBe(garbage.slice(0, LOG_PAYLOAD_MAX_CHARS));
  });

  it('delivers a command to a subscribed gateway and follows its acknowledgement', async () => {
    const device = await connect();
    await device.subscribeAsync(`${gw.topic}/commands`, { qos: 1 });
    const received = new Promise<{ id: string; name: string; value: unknown }>((resolve) =>
      device.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
    );
    const command = await platform.deps.db
      .insertInto('gateway_commands')
      .values({
        org_id: gw.orgId,
        gateway_id: gw.gatewayId,
        name: 'open_valve',
        value: '{"valve":2}',
        expires_at: new Date(Date.now() + 60_000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const sent = await platform.deps.deviceLink.pushCommand(
      { id: gw.gatewayId, orgId: gw.orgId, protocol: 'MQTT', topic: gw.topic },
      {
        id: command.id,
        name: 'open_valve',
        value: { valve: 2 },
        expires_at: new Date(command.expires_at).toISOString(),
      },
    );
    expect(sent).toBe(true);
    expect(await received).toMatchObject({ id: command.id, name: 'open_valve', value: { valve: 2 } });
    await device.publishAsync(`${gw.topic}/commands/ack`, JSON.stringify({ id: command.id, status: 'ok' }), {
      qos: 1,
    });
    const row = await platform.deps.db
      .selectFrom('gateway_commands')
      .select('status')
      .where('id', '=', command.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('acknowledged');
  });

  it('sends commands that waited while the gateway was away when it subscribes', async () => {
    const command = await platform.deps.db
      .insertInto('gateway_commands')
      .values({
        org_id: gw.orgId,
        gateway_id: gw.gatewayId,
        name: 'reboot',
        value: 'true',
        expires_at: new Date(Date.now() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const device = await connect();
    const received = new Promise<{ id: string }>((resolve) =>
      device.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
    );
    await device.subscribeAsync(`${gw.topic}/commands`, { qos: 1 });
    expect((await received).id).toBe(command.id);
  });

  // Aedes runs authorizeSubscribe again for the subscriptions a persistent session brings back.
  it('sends waiting commands to a gateway that resumes a persistent session without subscribing again', async () => {
    const first = await connect({ clean: false });
    await first.subscribeAsync(`${gw.topic}/commands`, { qos: 1 });
    await first.endAsync();
    const command = await platform.deps.db
      .insertInto('gateway_commands')
      .values({
        org_id: gw.orgId,
        gateway_id: gw.gatewayId,
        name: 'set_speed',
        value: '42',
        expires_at: new Date(Date.now() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const device = mqtt.connect(url, {
      clientId: gw.clientId,
      username: gw.username,
      password: gw.token,
      clean: false,
      reconnectPeriod: 0,
    });
    clients.push(device);
    const received = new Promise<{ id: string; name: string }>((resolve) =>
      device.on('message', (_topic, payload) => {
        const message = JSON.parse(payload.toString()) as { id: string; name: string };
        if (message.id === command.id) resolve(message);
      }),
    );
    expect((await received).name).toBe('set_speed');
    await device.endAsync();
    // Leave no persistent session behind for the tests that follow.
    await (await connect({ clean: true })).endAsync();
  });

  it('ends the connection of a gateway whose token was rotated', async () => {
    const device = await connect();
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    await platform.deps.db
      .updateTable('gateways')
      .set({ token_hash: 'f'.repeat(64) })
      .where('id', '=', gw.gatewayId)
      .returning('id')
      .execute();
    platform.deps.deviceLink.gatewayChanged(gw.gatewayId);
    await closed;
  });
});
