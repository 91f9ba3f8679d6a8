/**
 * A tiny fleet against a real MQTT broker (Mosquitto on 127.0.0.1:1883, or SIMULATOR_TEST_MQTT_URL):
 * readings arrive in the documented shape, and commands on `{topic}/commands` are acknowledged.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect as connectTcp } from 'node:net';
import type { DeviceAck, DeviceCommand, FirmwareCommandValue } from '@ferrite/contracts';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFleet, runFleet } from './fleet';
import type { SimulatedGateway } from './gateway';
import { parameterProfiles } from './parameters';

const BROKER = process.env.SIMULATOR_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

function brokerAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connectTcp({ host: hostname, port: Number(port) || 1883, timeout: 1_000 });
    const answer = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });
}

const brokerUp = await brokerAnswers(BROKER);
if (!brokerUp) console.warn(`No MQTT broker at ${BROKER}: the MQTT fleet test is skipped`);

const waitFor = async (what: string, check: () => boolean, timeoutMs = 10_000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const command = (name: string, value: unknown): DeviceCommand => ({
  id: randomUUID(),
  name,
  value,
  expires_at: new Date(Date.now() + 60_000).toISOString(),
});

describe.skipIf(!brokerUp)('a fleet over MQTT', () => {
  const run = randomUUID().slice(0, 8);
  const gateways: SimulatedGateway[] = [0, 1].map((i) => ({
    uuid: randomUUID(),
    name: `Test gateway ${i}`,
    topic: `ferrite-simulator-test/${run}/${i}`,
    client_id: `sim-test-${run}-${i}`,
    username: `sim-test-${run}-${i}`,
    access_token: 'not-checked-by-this-broker',
  }));
  const messages: { topic: string; body: unknown }[] = [];
  const on = (suffix: string, gateway = gateways[0]!) =>
    messages.filter((m) => m.topic === `${gateway.topic}${suffix}`).map((m) => m.body);
  let observer: MqttClient;
  let fleet: RunningFleet;
  let firmwareServer: Server;
  let firmwareUrl: string;
  const firmware = Buffer.alloc(300_000, 7);

  beforeAll(async () => {
    observer = await connectAsync(BROKER, { clientId: `sim-test-observer-${run}` });
    observer.on('message', (topic, payload) =>
      messages.push({ topic, body: JSON.parse(payload.toString()) }),
    );
    await observer.subscribeAsync(`ferrite-simulator-test/${run}/#`, { qos: 1 });
    firmwareServer = createServer((_request, response) => {
      response.writeHead(200, { 'content-length': firmware.length }).end(firmware);
    });
    await new Promise<void>((resolve) => firmwareServer.listen(0, '127.0.0.1', resolve));
    firmwareUrl = `http://127.0.0.1:${(firmwareServer.address() as AddressInfo).port}/firmware.bin`;
    fleet = await runFleet({
      gateways,
      protocol: 'mqtt',
      mqttUrl: BROKER,
      rate: 20,
      seed: 'mqtt-test',
      heartbeatMs: 300,
      installMs: 20,
    });
  });

  afterAll(async () => {
    await fleet?.stop();
    await observer?.endAsync();
    firmwareServer?.close();
  });

  it('publishes one JSON reading per message on the gateway topic, with ts and bounded parameters', async () => {
    await waitFor('10 readings from each gateway', () => gateways.every((g) => on('', g).length >= 10));
    const profiles = parameterProfiles(4);
    for (const gateway of gateways) {
      const readings = on('', gateway) as Record<string, number>[];
      for (const reading of readings) {
        expect(Object.keys(reading)).toEqual(['ts', ...profiles.map((p) => p.key)]);
        expect(Math.abs(reading.ts! - Date.now())).toBeLessThan(15_000);
        for (const p of profiles) {
          expect(reading[p.key]).toBeGreaterThanOrEqual(p.min);
          expect(reading[p.key]).toBeLessThanOrEqual(p.max);
        }
      }
      // 20 readings a second: timestamps 50 ms apart, in order.
      const steps = readings.slice(1).map((r, i) => r.ts! - readings[i]!.ts!);
      expect(new Set(steps)).toEqual(new Set([50]));
    }
    await waitFor('heartbeats', () => on('/heartbeat').length >= 2);
    expect(on('/heartbeat')[0]).toMatchObject({ ts: expect.any(Number), firmware: '1.0.0' });
  });

  it('answers a command on {topic}/commands with an ok ack on {topic}/commands/ack', async () => {
    const sent = command('set_speed', { rpm: 1200 });
    await observer.publishAsync(`${gateways[1]!.topic}/commands`, JSON.stringify(sent), { qos: 1 });
    await waitFor('the ack', () => on('/commands/ack', gateways[1]).length > 0);
    expect(on('/commands/ack', gateways[1])).toEqual([
      { id: sent.id, status: 'ok', result: { applied: true } },
    ]);
  });

  it('downloads firmware, checks its sha256 and reports progress until ok', async () => {
    const value: FirmwareCommandValue = {
      rollout_id: randomUUID(),
      firmware_id: randomUUID(),
      name: 'controller',
      version: '2.1.0',
      url: firmwareUrl,
      sha256: createHash('sha256').update(firmware).digest('hex'),
      size: firmware.length,
    };
    const sent = command('firmware_update', value);
    await observer.publishAsync(`${gateways[0]!.topic}/commands`, JSON.stringify(sent), { qos: 1 });
    const acks = () => (on('/commands/ack') as DeviceAck[]).filter((ack) => ack.id === sent.id);
    await waitFor('the final ack', () => acks().some((ack) => ack.status !== 'progress'));
    const steps = acks().map((ack) =>
      ack.status === 'progress' ? `${ack.stage} ${ack.progress}` : ack.status,
    );
    expect(steps[0]).toBe('downloading 0');
    expect(steps).toContain('downloading 100');
    expect(steps.slice(-4)).toEqual(['installing 0', 'installing 50', 'installing 100', 'ok']);
    expect(acks().at(-1)).toEqual({ id: sent.id, status: 'ok', result: { applied: true, version: '2.1.0' } });
    await waitFor('a heartbeat with the new version', () =>
      on('/heartbeat').some((beat) => (beat as { firmware: string }).firmware === '2.1.0'),
    );
  });

  it('fails a firmware update whose checksum does not match', async () => {
    const sent = command('firmware_update', {
      rollout_id: randomUUID(),
      firmware_id: randomUUID(),
      name: 'controller',
      version: '2.2.0',
      url: firmwareUrl,
      sha256: 'ab'.repeat(32),
      size: firmware.length,
    } satisfies FirmwareCommandValue);
    await observer.publishAsync(`${gateways[0]!.topic}/commands`, JSON.stringify(sent), { qos: 1 });
    const acks = () => (on('/commands/ack') as DeviceAck[]).filter((ack) => ack.id === sent.id);
    await waitFor('the final ack', () => acks().some((ack) => ack.status !== 'progress'));
    expect(acks().at(-1)).toMatchObject({
      id: sent.id,
      status: 'error',
      message: expect.stringMatching(/^Checksum mismatch/),
    });
    expect(acks().some((ack) => ack.stage === 'installing')).toBe(false);
  });

  it('stops with totals that match what the broker delivered', async () => {
    const totals = await fleet.stop();
    // Let the last PUBACKed messages reach the observer.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const readings = gateways.reduce((sum, g) => sum + on('', g).length, 0);
    expect(totals).toMatchObject({ gateways: 2, errors: 0, commands: 3, readings });
    expect(totals.points).toBe(readings * 4);
  });
});
