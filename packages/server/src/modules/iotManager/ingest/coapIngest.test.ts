import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'coap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { type DeviceTransports, startDeviceTransports } from './deviceTransports';
import { runClient } from './realClients';
import { type GatewayFixture, gatewayFixture, logLines, storedPoints } from './testSupport';

/** Small enough that an oversized upload is quick to send, far above the 4 KB one that must pass. */
const MAX_PAYLOAD = 16 * 1024;

let platform: TestPlatform;
let transports: DeviceTransports;
let gw: GatewayFixture;

beforeAll(async () => {
  platform = await createTestPlatform({
    MQTT_PORT: '0',
    COAP_PORT: '0',
    HOST: '127.0.0.1',
    COAP_MAX_PAYLOAD_BYTES: String(MAX_PAYLOAD),
  });
  transports = await startDeviceTransports(platform.deps);
  gw = await gatewayFixture(platform, { protocol: 'CoAP' });
});
afterAll(async () => {
  await transports.close();
  await platform.close();
});

/** One confirmable CoAP request; answers the response code and JSON body. */
function coap(
  method: 'GET' | 'POST',
  path: string,
  payload?: string,
): Promise<{ code: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request({
      hostname: '127.0.0.1',
      port: transports.coapPort ?? 0,
      pathname: path.split('?')[0],
      query: path.split('?')[1] ?? '',
      method,
      confirmable: true,
    });
    req.on('response', (res) => {
      const text = res.payload.toString('utf8');
      resolve({ code: res.code, body: text ? JSON.parse(text) : null });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe('CoAP ingest', () => {
  it('stores a reading posted with the token in the query', async () => {
    const response = await coap(
      'POST',
      `/ingest/${gw.gatewayId}?token=${gw.token}`,
      JSON.stringify({ temp: 30.5, data: { hum: 20 } }),
    );
    expect(response).toEqual({ code: '2.04', body: { accepted: 2, readings: 1, problems: [] } });
    expect((await storedPoints(platform, gw.sensorId, 'temperature')).map((p) => p.value)).toEqual([30.5]);
    const [line] = await logLines(platform, gw.gatewayId);
    expect(line).toMatchObject({ kind: 'telemetry', transport: 'coap' });
  });

  it('refuses a wrong token with 4.01', async () => {
    const response = await coap('POST', `/ingest/${gw.gatewayId}?token=nope`, '{"temp":1}');
    expect(response.code).toBe('4.01');
  });

  it('answers 4.00 to malformed JSON and logs it', async () => {
    const response = await coap('POST', `/ingest/${gw.gatewayId}?token=${gw.token}`, '{oops');
    expect(response.code).toBe('4.00');
    const [line] = await logLines(platform, gw.gatewayId);
    expect(line).toMatchObject({ kind: 'error', transport: 'coap', payload: '{oops' });
  });

  it('hands out pending commands and takes their acknowledgement', async () => {
    const command = await platform.deps.db
      .insertInto('gateway_commands')
      .values({
        org_id: gw.orgId,
        gateway_id: gw.gatewayId,
        name: 'blink',
        value: '3',
        expires_at: new Date(Date.now() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const poll = await coap('GET', `/ingest/${gw.gatewayId}/commands?token=${gw.token}`);
    expect(poll.code).toBe('2.05');
    expect((poll.body as { commands: { id: string }[] }).commands.map((c) => c.id)).toEqual([command.id]);
    const ack = await coap(
      'POST',
      `/ingest/${gw.gatewayId}/commands/${command.id}/ack?token=${gw.token}`,
      '{"status":"error","message":"no LED"}',
    );
    expect(ack.code).toBe('2.04');
    const row = await platform.deps.db
      .selectFrom('gateway_commands')
      .select(['status', 'result'])
      .where('id', '=', command.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', result: { message: 'no LED' } });
  });
});

/** Posts a file with libcoap's coap-client (block-wise above ~1 KB, a new token per block). */
async function coapClientPost(path: string, body: string) {
  const file = join(tmpdir(), `ferrite-coap-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, body);
  const url = `coap://127.0.0.1:${transports.coapPort}${path}`;
  const args = ['-m', 'post', '-t', 'application/json', '-B', '10', '-f', file, url];
  return runClient('coap-client-notls', args);
}

/** A JSON array of `count` readings a second apart, stamped by the device. */
function stampedReadings(count: number, startMs: number, temp: (i: number) => number) {
  return JSON.stringify(
    Array.from({ length: count }, (_, i) => ({
      at: new Date(startMs + i * 1_000).toISOString(),
      temp: temp(i),
      data: { hum: i % 100 },
    })),
  );
}

describe('CoAP block-wise uploads from a real client', () => {
  let stamped: GatewayFixture;
  beforeAll(async () => {
    stamped = await gatewayFixture(platform, {
      protocol: 'CoAP',
      timestamp: { field: 'at', format: 'iso8601' },
    });
  });

  it('stores a 4 KB upload that coap-client sends block by block, every reading of it', async () => {
    const start = Date.UTC(2026, 10, 22, 6, 0, 0);
    const body = stampedReadings(64, start, (i) => 10 + i / 4);
    expect(Buffer.byteLength(body)).toBeGreaterThan(4_000);
    const run = await coapClientPost(`/ingest/${stamped.gatewayId}?token=${stamped.token}`, body);
    expect(run.stderr).not.toMatch(/\b[45]\.\d\d\b/);
    expect(JSON.parse(run.stdout)).toEqual({ accepted: 128, readings: 64, problems: [] });
    const temps = await storedPoints(platform, stamped.sensorId, 'temperature');
    expect(temps.map((p) => [new Date(p.ts).getTime(), p.value])).toEqual(
      Array.from({ length: 64 }, (_, i) => [start + i * 1_000, 10 + i / 4]),
    );
  });

  it('refuses an upload over COAP_MAX_PAYLOAD_BYTES with 4.13 and stores nothing of it', async () => {
    const body = stampedReadings(400, Date.UTC(2026, 10, 23), () => 66.6);
    expect(Buffer.byteLength(body)).toBeGreaterThan(MAX_PAYLOAD);
    const run = await coapClientPost(`/ingest/${stamped.gatewayId}?token=${stamped.token}`, body);
    expect(`${run.stdout}${run.stderr}`).toMatch(/4\.13/);
    await platform.deps.ingest.flush();
    const temps = await storedPoints(platform, stamped.sensorId, 'temperature');
    expect(temps.some((p) => p.value === 66.6)).toBe(false);
  });

  it('refuses a block-wise upload with a wrong token at its first block', async () => {
    const body = stampedReadings(64, Date.UTC(2026, 10, 24), () => 55.5);
    const run = await coapClientPost(`/ingest/${stamped.gatewayId}?token=fgw_wrong`, body);
    expect(`${run.stdout}${run.stderr}`).toMatch(/4\.01/);
    const temps = await storedPoints(platform, stamped.sensorId, 'temperature');
    expect(temps.some((p) => p.value === 55.5)).toBe(false);
  });
});
