import { request } from 'coap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../testing/testPlatform';
import { type DeviceTransports, startDeviceTransports } from './deviceTransports';
import { type GatewayFixture, gatewayFixture, logLines, storedPoints } from './testSupport';

let platform: TestPlatform;
let transports: DeviceTransports;
let gw: GatewayFixture;

beforeAll(async () => {
  platform = await createTestPlatform({ MQTT_PORT: '0', COAP_PORT: '0', HOST: '127.0.0.1' });
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
