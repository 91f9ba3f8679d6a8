/**
 * A fresh demo's alert rules make the app's point: they are there, in words, and the bearing rule, one
 * rule over every Bearing monitor, would have fired for worn P-101 over the seeded history and never
 * for P-102, so with the live plant it fires for P-101 within minutes. A maintenance window is planned.
 */
import type { AlertRule, RuleBacktest } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../app/runtime';
import { type PlatformHome, platformHome } from '../../testing/platformHome';
import { bearer, signInToOrg } from '../../testing/session';
import { DEMO_RULES } from './alerts';

let home: PlatformHome;
let platform: RunningPlatform;
let headers: { authorization: string };
let orgId: string;

beforeAll(async () => {
  home = await platformHome('demo-alerts');
  platform = await home.start();
  const session = await signInToOrg(platform.app);
  headers = bearer(session.access_token);
  orgId = session.org_id;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  await home?.remove();
});

async function demoRules(): Promise<AlertRule[]> {
  const response = await platform.app.inject({
    method: 'GET',
    url: `/api/alert/orgs/${orgId}/rules?page_size=50`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().rules;
}

describe('the demo’s alert rules', () => {
  it('are seeded, each covering the plant’s sensors it names', async () => {
    const rules = await demoRules();
    expect(rules.map((rule) => rule.rule_name).sort()).toEqual(Object.values(DEMO_RULES).sort());
    const bearing = rules.find((rule) => rule.rule_name === DEMO_RULES.bearingVibration);
    // P-101's and P-102's bearing monitors.
    expect(bearing?.covered_sensors).toBe(2);
    expect(bearing?.severity).toBe('critical');
    expect(rules.every((rule) => rule.enabled)).toBe(true);
  });

  it('would have fired the bearing rule for P-101 over the seeded history, and never for P-102', async () => {
    const bearing = (await demoRules()).find((rule) => rule.rule_name === DEMO_RULES.bearingVibration);
    const response = await platform.app.inject({
      method: 'POST',
      url: `/api/alert/orgs/${orgId}/rules/backtest`,
      headers,
      payload: { data: bearing?.data, days: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const backtest: RuleBacktest = response.json();
    const firings = new Map(backtest.sensors.map((sensor) => [sensor.sensor_name, sensor.firings]));
    expect(firings.get('P-101 bearing monitor')).toBeGreaterThan(0);
    expect(firings.get('P-102 bearing monitor')).toBe(0);
  });

  it('plans a maintenance window for standby pump P-102', async () => {
    const response = await platform.app.inject({
      method: 'GET',
      url: `/api/alert/orgs/${orgId}/silences`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [silence] = response.json().silences;
    expect(silence.label).toContain('P-102');
    expect(Date.parse(silence.starts_at)).toBeGreaterThan(Date.now());
  });
});
