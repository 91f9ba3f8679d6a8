/**
 * /metrics as Prometheus scrapes it: ingest counters rise with an ingest, HTTP latency is labelled by
 * route pattern (no gateway id, no token), and only a scraper holding METRICS_TOKEN (or, without one, a
 * direct request from this machine) is answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { type GatewayFixture, gatewayFixture } from './testSupport';

const TOKEN = 'metrics-token-for-the-test-0123';

let platform: TestPlatform;
let open: TestPlatform;
let gw: GatewayFixture;

beforeAll(async () => {
  platform = await createTestPlatform({ METRICS_TOKEN: TOKEN });
  open = await createTestPlatform();
  gw = await gatewayFixture(platform, { protocol: 'HTTP', timestamp: { field: 'ts', format: 'epoch_ms' } });
});
afterAll(async () => {
  await platform.close();
  await open.close();
});

async function scrape(): Promise<string> {
  const response = await platform.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** A sample's value; 0 when the series is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  it('counts stored points and messages by transport after an ingest, and times it', async () => {
    const before = await scrape();
    const t0 = Date.UTC(2026, 10, 20, 8, 0, 0);
    const response = await platform.app.inject({
      method: 'POST',
      url: `/api/ingest/${gw.gatewayId}`,
      headers: { authorization: `Bearer ${gw.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify([
        { ts: t0, temp: 21.5, data: { hum: 40 } },
        { ts: t0 + 1000, temp: 22, data: { hum: 41 } },
      ]),
    });
    expect(response.json()).toMatchObject({ accepted: 4 });
    const after = await scrape();

    expect(sample(after, 'ferrite_ingest_points_stored_total')).toBe(
      sample(before, 'ferrite_ingest_points_stored_total') + 4,
    );
    const http = 'ferrite_ingest_messages_total{transport="http"}';
    expect(sample(after, http)).toBe(sample(before, http) + 1);
    const waits = 'ferrite_ingest_batch_wait_seconds_count';
    expect(sample(after, waits)).toBeGreaterThan(sample(before, waits));
    expect(after).toMatch(/^ferrite_telemetry_subscriber_queued_points\{subscriber="[^"]+"\} \d+$/m);
    expect(after).toMatch(/^ferrite_job_runs_total|^# TYPE ferrite_job_runs_total counter$/m);
    expect(after).toMatch(/^ferrite_socket_clients|^# TYPE ferrite_socket_clients gauge$/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('labels HTTP latency by route pattern, never by the URL with its ids or tokens', async () => {
    const text = await scrape();
    const ingest = text
      .split('\n')
      .filter((line) => line.startsWith('ferrite_http_request_duration_seconds_count{'))
      .find((line) => line.includes('/api/ingest/'));
    expect(ingest).toBe(
      'ferrite_http_request_duration_seconds_count{method="POST",route="/api/ingest/:gatewayUuid",status_code="200"} 1',
    );
    expect(text).not.toContain(gw.gatewayId);
    expect(text).not.toContain(gw.token);
    expect(text).not.toContain(TOKEN);
  });

  it('answers only the bearer of METRICS_TOKEN when it is set', async () => {
    const none = await platform.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toBe('Send Authorization: Bearer <METRICS_TOKEN>');
    const wrong = await platform.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-metrics-token' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('ferrite_');
  });

  it('without METRICS_TOKEN answers only direct requests from this machine', async () => {
    const local = await open.app.inject({ method: 'GET', url: '/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('ferrite_http_request_duration_seconds');
    // Through a balancer on this machine, or from another machine: refused, naming the setting.
    const proxied = await open.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    const remote = await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    for (const refused of [proxied, remote]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toMatch(/METRICS_TOKEN/);
    }
  });
});
