import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { type GatewayFixture, gatewayFixture, logLines, storedPoints } from './testSupport';

let platform: TestPlatform;
let gw: GatewayFixture;

beforeAll(async () => {
  platform = await createTestPlatform();
  gw = await gatewayFixture(platform, { protocol: 'HTTP', timestamp: { field: 'ts', format: 'epoch_ms' } });
});
afterAll(() => platform.close());

const post = (path: string, payload: string, token = gw.token) =>
  platform.app.inject({
    method: 'POST',
    url: `/api/ingest/${gw.gatewayId}${path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload,
  });

describe('HTTPS ingest', () => {
  it('stores mapped readings at their own timestamps once the call answers', async () => {
    const t0 = Date.UTC(2026, 10, 20, 8, 0, 0);
    const response = await post(
      '',
      JSON.stringify([
        { ts: t0, temp: 21.5, data: { hum: 40 } },
        { ts: t0 + 1000, temp: '22', data: { hum: 41 }, ignored: 'x' },
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 4, readings: 2, problems: [] });
    const temps = await storedPoints(platform, gw.sensorId, 'temperature');
    expect(temps.map((p) => [new Date(p.ts).getTime(), p.value])).toEqual([
      [t0, 21.5],
      [t0 + 1000, 22],
    ]);
    const latest = await platform.app.inject({
      method: 'GET',
      url: `/api/telemetry/orgs/${gw.orgId}/sensors/${gw.sensorId}/latest`,
      headers: { authorization: `Bearer ${gw.adminToken}` },
    });
    expect(latest.json().values).toContainEqual({
      param_key: 'humidity',
      ts: new Date(t0 + 1000).toISOString(),
      value: 41,
    });
    const lines = await logLines(platform, gw.gatewayId);
    expect(lines[0]).toMatchObject({
      kind: 'telemetry',
      level: 'info',
      transport: 'http',
      message: '2 readings, 4 points stored',
    });
  });

  it('refuses a wrong token and an unknown gateway alike, without storing anything', async () => {
    const before = (await storedPoints(platform, gw.sensorId, 'temperature')).length;
    const wrong = await post('', JSON.stringify({ temp: 1 }), 'fgw_wrong');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('Unknown gateway or wrong access token');
    const unknown = await platform.app.inject({
      method: 'POST',
      url: '/api/ingest/00000000-0000-4000-8000-000000000000',
      headers: { authorization: `Bearer ${gw.token}`, 'content-type': 'application/json' },
      payload: '{"temp":1}',
    });
    expect(unknown.statusCode).toBe(401);
    const missing = await platform.app.inject({
      method: 'POST',
      url: `/api/ingest/${gw.gatewayId}`,
      payload: '{}',
    });
    expect(missing.statusCode).toBe(401);
    expect((await storedPoints(platform, gw.sensorId, 'temperature')).length).toBe(before);
  });

  it('answers 400 to malformed JSON and keeps the payload and the reason in the gateway log', async () => {
    const response = await post('', '{"temp": 21.5,');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^Malformed JSON/);
    const [line] = await logLines(platform, gw.gatewayId);
    expect(line).toMatchObject({ kind: 'error', level: 'error', payload: '{"temp": 21.5,' });
    expect(line?.message).toMatch(/^Malformed JSON/);
  });

  it('answers 422 when nothing in the payload can be mapped, and logs why', async () => {
    const response = await post('', JSON.stringify({ ts: Date.now(), pressure: 3 }));
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContain('none of the mapped fields (temp, data.hum) is present');
    const [line] = await logLines(platform, gw.gatewayId);
    expect(line).toMatchObject({ kind: 'error', level: 'error' });
    expect(line?.message).toContain('Not mapped');
  });

  it('stores what it can of a partly bad payload and says what it skipped', async () => {
    const response = await post('', JSON.stringify({ ts: Date.now(), temp: 'hot', data: { hum: 50 } }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: 1,
      readings: 1,
      problems: ['"temp" is not a number ("hot")'],
    });
    const lines = await logLines(platform, gw.gatewayId);
    expect(
      lines
        .slice(0, 2)
        .map((l) => l.level)
        .sort(),
    ).toEqual(['info', 'warn']);
  });

  it('refuses a timestamp in the wrong unit instead of storing it in 1970', async () => {
    const response = await post('', JSON.stringify({ ts: Math.floor(Date.now() / 1000), temp: 5 }));
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContain('is not epoch milliseconds');
  });

  it('marks the gateway seen on a heartbeat', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: `/api/ingest/${gw.gatewayId}/heartbeat`,
      headers: { authorization: `Bearer ${gw.token}` },
    });
    expect(response.statusCode).toBe(204);
    await platform.deps.ingest.flush();
    const row = await platform.deps.db
      .selectFrom('gateways')
      .select('last_seen_at')
      .where('id', '=', gw.gatewayId)
      .executeTakeFirstOrThrow();
    expect(Date.now() - new Date(row.last_seen_at as Date).getTime()).toBeLessThan(10_000);
  });

  it('refuses an archived gateway with 403', async () => {
    await platform.deps.db
      .updateTable('gateways')
      .set({ archived_at: new Date() })
      .where('id', '=', gw.gatewayId)
      .returning('id')
      .execute();
    platform.deps.deviceLink.gatewayChanged(gw.gatewayId);
    const response = await post('', JSON.stringify({ temp: 1 }));
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe('This gateway is archived');
    await platform.deps.db
      .updateTable('gateways')
      .set({ archived_at: null })
      .where('id', '=', gw.gatewayId)
      .returning('id')
      .execute();
    platform.deps.deviceLink.gatewayChanged(gw.gatewayId);
  });
});

describe('commands over HTTP polling', () => {
  it('hands pending commands out once, then takes the acknowledgement', async () => {
    const command = await platform.deps.db
      .insertInto('gateway_commands')
      .values({
        org_id: gw.orgId,
        gateway_id: gw.gatewayId,
        name: 'set_speed',
        value: JSON.stringify({ rpm: 900 }),
        expires_at: new Date(Date.now() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const headers = { authorization: `Bearer ${gw.token}` };
    const poll = await platform.app.inject({
      method: 'GET',
      url: `/api/ingest/${gw.gatewayId}/commands`,
      headers,
    });
    expect(poll.statusCode).toBe(200);
    expect(poll.json().commands).toEqual([
      { id: command.id, name: 'set_speed', value: { rpm: 900 }, expires_at: expect.any(String) },
    ]);
    const again = await platform.app.inject({
      method: 'GET',
      url: `/api/ingest/${gw.gatewayId}/commands`,
      headers,
    });
    expect(again.json().commands).toEqual([]);
    const ack = await platform.app.inject({
      method: 'POST',
      url: `/api/ingest/${gw.gatewayId}/commands/${command.id}/ack`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'ok', result: { rpm: 900 } }),
    });
    expect(ack.statusCode).toBe(204);
    const row = await platform.deps.db
      .selectFrom('gateway_commands')
      .selectAll()
      .where('id', '=', command.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'acknowledged', result: { rpm: 900 } });
    expect(row.delivered_at).not.toBeNull();
    expect(row.completed_at).not.toBeNull();
    const late = await platform.app.inject({
      method: 'POST',
      url: `/api/ingest/${gw.gatewayId}/commands/${command.id}/ack`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'error' }),
    });
    expect(late.statusCode).toBe(409);
  });
});
