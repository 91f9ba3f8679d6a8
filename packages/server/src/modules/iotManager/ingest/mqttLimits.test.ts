import { writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { type DeviceTransports, startDeviceTransports } from './deviceTransports';
import { runClient } from './realClients';
import { type GatewayFixture, gatewayFixture, logLines, storedPoints } from './testSupport';

const MB = 1024 * 1024;
const CONNECT_TIMEOUT_MS = 1_500;
const PER_ADDRESS = 4;

let platform: TestPlatform;
let transports: DeviceTransports;
let gw: GatewayFixture;
const sockets: Socket[] = [];

beforeAll(async () => {
  platform = await createTestPlatform({
    MQTT_PORT: '0',
    COAP_PORT: '0',
    HOST: '127.0.0.1',
    MQTT_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    MQTT_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
  });
  transports = await startDeviceTransports(platform.deps);
  gw = await gatewayFixture(platform, { timestamp: { field: 'at', format: 'iso8601' } });
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await transports.close();
  await platform.close();
});

/** A raw TCP connection to the broker; resolves once connected. */
function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(transports.mqttPort ?? 0, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve(socket));
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
}

/** Resolves with the milliseconds until the server closes the socket, or null after waitMs. */
function closedWithin(socket: Socket, waitMs: number): Promise<number | null> {
  const started = Date.now();
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve(0);
    const timer = setTimeout(() => resolve(null), waitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

/** MQTT's remaining-length encoding. */
function remainingLength(n: number): Buffer {
  const bytes: number[] = [];
  let rest = n;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 128;
    bytes.push(byte);
  } while (rest > 0);
  return Buffer.from(bytes);
}

/**
 * Announces a CONNECT of `announced` bytes and streams up to `streamed` of it as fast as the server
 * takes them; resolves with what it managed to write and whether the server closed the socket.
 */
async function oversizedConnect(announced: number, streamed: number) {
  const socket = await open();
  const chunk = Buffer.alloc(MB, 0x61);
  socket.write(
    Buffer.concat([
      Buffer.from([0x10]),
      remainingLength(announced),
      Buffer.from([0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 2, 0, 60]),
    ]),
  );
  let written = 0;
  const closed = closedWithin(socket, 5_000);
  await new Promise<void>((resolve) => {
    const pump = () => {
      while (written < streamed && !socket.destroyed) {
        written += chunk.length;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
      resolve();
    };
    socket.once('close', () => resolve());
    pump();
  });
  return { socket, written, closed };
}

describe('the embedded MQTT broker refuses before it buffers', () => {
  it('closes a CONNECT announcing 200 MB at once, without holding the bytes streamed at it', async () => {
    const before = process.memoryUsage().arrayBuffers;
    const attempts = await Promise.all(Array.from({ length: 4 }, () => oversizedConnect(200 * MB, 100 * MB)));
    // Measured while nothing has been given back yet: today's broker held every byte it was sent.
    const grown = process.memoryUsage().arrayBuffers - before;
    for (const attempt of attempts) {
      expect(await attempt.closed).not.toBeNull();
      // The kernel's socket buffers take a few MB before the refusal lands; never the announced body.
      expect(attempt.written).toBeLessThan(50 * MB);
    }
    expect(grown).toBeLessThan(64 * MB);
  });

  it('refuses a publish over MQTT_MAX_PACKET_BYTES from a signed-in gateway and stores nothing of it', async () => {
    const reading = (i: number) =>
      JSON.stringify({ at: new Date(Date.UTC(2026, 10, 21, 0, 0, i)).toISOString(), temp: 77.7 });
    const big = `[${Array.from({ length: 30_000 }, (_, i) => reading(i % 3600)).join(',')}]`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(platform.config.mqttMaxPacketBytes);
    const file = join(tmpdir(), `ferrite-big-${gw.gatewayId}.json`);
    await writeFile(file, big);
    const login = ['-h', '127.0.0.1', '-p', String(transports.mqttPort), '-i', gw.clientId];
    const auth = ['-u', gw.username, '-P', gw.token, '-q', '1'];
    const refused = await runClient('mosquitto_pub', [...login, ...auth, '-t', gw.topic, '-f', file]);
    expect(refused.code).not.toBe(0);
    await platform.deps.ingest.flush();
    expect((await storedPoints(platform, gw.sensorId, 'temperature')).length).toBe(0);
    const lines = await logLines(platform, gw.gatewayId);
    expect(lines.filter((line) => line.kind === 'error')).toEqual([
      expect.objectContaining({
        transport: 'mqtt',
        message: expect.stringMatching(/^Refused a PUBLISH of \d+ bytes: larger than MQTT_MAX_PACKET_BYTES/),
      }),
    ]);

    // The same gateway's message within the limit still goes through.
    const small = await runClient('mosquitto_pub', [...login, ...auth, '-t', gw.topic, '-m', reading(1)]);
    expect(small).toMatchObject({ code: 0 });
    expect((await storedPoints(platform, gw.sensorId, 'temperature')).map((p) => p.value)).toEqual([77.7]);
  });

  it('closes a connection that has not sent CONNECT within MQTT_CONNECT_TIMEOUT_MS', async () => {
    const idle = await open();
    const after = await closedWithin(idle, CONNECT_TIMEOUT_MS + 3_000);
    expect(after).not.toBeNull();
    expect(after).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
  });

  it('refuses connections from one address over MQTT_MAX_CONNECTIONS_PER_ADDRESS, and takes it again once one ends', async () => {
    const held = await Promise.all(Array.from({ length: PER_ADDRESS }, () => open()));
    const extra = await open();
    expect(await closedWithin(extra, 500)).not.toBeNull();
    for (const socket of held) expect(socket.destroyed).toBe(false);

    held[0]?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const device = mqtt.connect(`mqtt://127.0.0.1:${transports.mqttPort}`, {
      clientId: gw.clientId,
      username: gw.username,
      password: gw.token,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    await new Promise<void>((resolve, reject) => {
      device.once('connect', () => resolve());
      device.once('error', reject);
      device.once('close', () => reject(new Error('refused')));
    });
    await device.endAsync();
  });
});
