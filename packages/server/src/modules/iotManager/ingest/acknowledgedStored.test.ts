/**
 * "Acknowledged means stored": readings stamped on arrival never collide, however fast they come (an
 * HTTP array, an MQTT burst from Debian's real mosquitto_pub), and readings a device stamps with a
 * time already stored are answered and logged as not stored (the first one for a time is kept).
 */
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { type DeviceTransports, startDeviceTransports } from './deviceTransports';
import { type GatewayFixture, gatewayFixture, logLines, storedPoints } from './testSupport';

const MOSQUITTO_PUB = 'mosquitto_pub';

let platform: TestPlatform;
let transports: DeviceTransports;

beforeAll(async () => {
  platform = await createTestPlatform({ MQTT_PORT: '0', COAP_PORT: '0', HOST: '127.0.0.1' });
  transports = await startDeviceTransports(platform.deps);
});
afterAll(async () => {
  await transports.close();
  await platform.close();
});

const postReadings = (gw: GatewayFixture, payload: unknown) =>
  platform.app.inject({
    method: 'POST',
    url: `/api/ingest/${gw.gatewayId}`,
    headers: { authorization: `Bearer ${gw.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

/** The temperature series as the telemetry read API answers it (raw, the newest `last` points). */
async function readTemperatures(gw: GatewayFixture, last: number) {
  const response = await platform.app.inject({
    method: 'GET',
    url: `/api/telemetry/orgs/${gw.orgId}/sensors/${gw.sensorId}/parameters/temperature/data?last=${last}`,
    headers: { authorization: `Bearer ${gw.adminToken}` },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { points: { ts: string; value: number }[] }).points;
}

/**
 * Publishes each line as one QoS 1 message with mosquitto_pub (-l) as the gateway; answers how many
 * PUBACKs it received (its debug output names each one).
 */
async function publishLines(gw: GatewayFixture, lines: string[]): Promise<{ acknowledged: number }> {
  const found = spawnSync(MOSQUITTO_PUB, ['--help']);
  if (found.error) {
    throw new Error(`${MOSQUITTO_PUB} is not installed (Debian package mosquitto-clients): ${found.error}`);
  }
  const args = ['-h', '127.0.0.1', '-p', String(transports.mqttPort), '-i', gw.clientId];
  args.push('-u', gw.username, '-P', gw.token, '-t', gw.topic, '-q', '1', '-l', '-d');
  const child = spawn(MOSQUITTO_PUB, args);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  child.stdin.end(`${lines.join('\n')}\n`);
  const code = await exited;
  expect(code, output.slice(-2_000)).toBe(0);
  return { acknowledged: output.match(/received PUBACK/g)?.length ?? 0 };
}

describe('readings stamped on arrival', () => {
  it('stores every reading of an HTTP array sent without timestamps, each at its own time', async () => {
    const gw = await gatewayFixture(platform, { protocol: 'HTTP' });
    const readings = Array.from({ length: 100 }, (_, i) => ({ temp: i }));
    const response = await postReadings(gw, readings);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 100, readings: 100, problems: [] });
    const points = await readTemperatures(gw, 1_000);
    expect(points).toHaveLength(100);
    expect(new Set(points.map((p) => p.ts)).size).toBe(100);
    // Oldest first, in the order they were sent.
    expect(points.map((p) => p.value)).toEqual(readings.map((r) => r.temp));
    const [line] = await logLines(platform, gw.gatewayId);
    expect(line).toMatchObject({ kind: 'telemetry', message: '100 readings, 100 points stored' });
  });

  it('acknowledges and stores all 500 QoS 1 messages of a mosquitto_pub burst sent without timestamps', async () => {
    const gw = await gatewayFixture(platform);
    const messages = Array.from({ length: 500 }, (_, i) =>
      JSON.stringify({ temp: i, data: { hum: i % 100 } }),
    );
    const { acknowledged } = await publishLines(gw, messages);
    expect(acknowledged).toBe(500);
    // No flush: a PUBACK promises the reading is durable.
    const temps = await storedPoints(platform, gw.sensorId, 'temperature');
    const hums = await storedPoints(platform, gw.sensorId, 'humidity');
    expect({ temperature: temps.length, humidity: hums.length }).toEqual({ temperature: 500, humidity: 500 });
    expect(temps.map((p) => p.value)).toEqual(messages.map((_, i) => i));
    // The log keeps the latest few lines of a burst: each says what was stored, none that anything was not.
    const lines = await logLines(platform, gw.gatewayId);
    const telemetry = lines.filter((l) => l.kind === 'telemetry');
    expect(telemetry.length).toBeGreaterThan(0);
    expect(new Set(telemetry.map((l) => l.message))).toEqual(new Set(['1 reading, 2 points stored']));
    expect(lines.filter((l) => l.kind === 'error')).toEqual([]);
  });
});

describe('readings a device stamps with a time already stored', () => {
  const t0 = Date.UTC(2026, 10, 21, 6, 0, 0);

  it('keeps the first reading for a time and says in the answer and the log that the others were not stored', async () => {
    const gw = await gatewayFixture(platform, {
      protocol: 'HTTP',
      timestamp: { field: 'ts', format: 'epoch_ms' },
    });
    const first = await postReadings(gw, [
      { ts: t0, temp: 1 },
      { ts: t0, temp: 2 },
      { ts: t0 + 1_000, temp: 3 },
    ]);
    expect(first.statusCode).toBe(200);
    const duplicate = `temperature at ${new Date(t0).toISOString()}`;
    expect(first.json()).toEqual({
      accepted: 2,
      readings: 3,
      problems: [`1 point not stored, its time already taken (the first reading kept): ${duplicate}`],
    });
    const lines = await logLines(platform, gw.gatewayId);
    expect(lines.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'telemetry', level: 'info', message: '3 readings, 2 points stored' }),
        expect.objectContaining({
          kind: 'error',
          level: 'warn',
          message: `Partly stored: 1 point not stored, its time already taken (the first reading kept): ${duplicate}`,
        }),
      ]),
    );

    // Sent again (a device retrying after a lost answer): nothing new, and no error status to retry on.
    const again = await postReadings(gw, { ts: t0 + 1_000, temp: 4 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      accepted: 0,
      readings: 1,
      problems: [
        `1 point not stored, its time already taken (the first reading kept): temperature at ${new Date(t0 + 1_000).toISOString()}`,
      ],
    });
    const stored = await storedPoints(platform, gw.sensorId, 'temperature');
    expect(stored.map((p) => [new Date(p.ts).getTime(), p.value])).toEqual([
      [t0, 1],
      [t0 + 1_000, 3],
    ]);
    const [line] = await logLines(platform, gw.gatewayId);
    expect(line).toMatchObject({ kind: 'error', level: 'warn' });
    expect(line?.message).toMatch(/^Not stored: 1 point not stored, its time already taken/);
  });
});
