import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TelemetryWriter } from '../../telemetry/writer';
import { bearer, signInToOrg } from '../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';
import {
  addOrgWithAdmin,
  addPerson,
  addProject,
  createEntity,
  createType,
  entityManagerClient,
  errorPaths,
  tokenOf,
} from '../entityManager/testSupport';

let platform: TestPlatform;
let orgId: string;
let token: string;
let sensorId: string;
let otherOrg: { orgId: string; token: string };
let otherSensorId: string;

/** A sensor of a new Probe type in a new project of the organization. */
async function addSensor(org: string, accessToken: string): Promise<string> {
  const client = entityManagerClient(platform, org, accessToken);
  const projectId = await addProject(platform, org, 'Telemetry Plant');
  const typeId = await createType(client, 'sensor', {
    name: 'Probe',
    parameters: [
      { key: 'temperature', data_type: 'number', unit: 'C' },
      { key: 'pressure', data_type: 'number', unit: 'bar' },
    ],
  });
  return createEntity(client, projectId, 'sensor', { name: 'Probe 1', type_id: typeId });
}

beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signInToOrg(platform.app);
  orgId = session.org_id;
  token = session.access_token;
  sensorId = await addSensor(orgId, token);
  otherOrg = await addOrgWithAdmin(platform, 'other-works', ['entityManager']);
  otherSensorId = await addSensor(otherOrg.orgId, otherOrg.token);
  const writer = new TelemetryWriter(platform.deps.db);
  const base = Date.UTC(2026, 5, 1, 0, 0, 0);
  await writer.write(
    Array.from({ length: 240 }, (_, i) => ({
      orgId,
      sensorId,
      paramKey: 'temperature',
      ts: new Date(base + i * 30_000), // every 30 s for two hours
      value: i,
    })),
  );
  await writer.write([
    { orgId, sensorId, paramKey: 'pressure', ts: new Date(base + 5_000), value: 1.5 },
    {
      orgId: otherOrg.orgId,
      sensorId: otherSensorId,
      paramKey: 'temperature',
      ts: new Date(base),
      value: 99,
    },
  ]);
});
afterAll(() => platform.close());

function get(
  path: string,
  query: Record<string, string> = {},
  options: { org?: string; token?: string } = {},
): Promise<LightMyRequestResponse> {
  return platform.app.inject({
    method: 'GET',
    url: `/api/telemetry/orgs/${options.org ?? orgId}${path}`,
    headers: bearer(options.token ?? token),
    query,
  });
}

const data = (sensor: string, param = 'temperature') => `/sensors/${sensor}/parameters/${param}/data`;
const window = { from_date: '2026-06-01T00:00:00Z', to_date: '2026-06-01T02:00:00Z' };

describe('GET telemetry data', () => {
  it('answers hourly averages and 30-minute sums', async () => {
    const hourly = await get(data(sensorId), { ...window, aggregate_func: 'avg' });
    expect(hourly.statusCode).toBe(200);
    expect(hourly.json()).toEqual({
      sensor_id: sensorId,
      param_key: 'temperature',
      aggregate_func: 'avg',
      group_interval: 1,
      group_interval_type: 'hour',
      points: [
        { ts: '2026-06-01T00:00:00.000Z', value: 59.5 },
        { ts: '2026-06-01T01:00:00.000Z', value: 179.5 },
      ],
    });
    const halfHours = await get(data(sensorId), {
      ...window,
      aggregate_func: 'count',
      group_interval: '30',
      group_interval_type: 'minute',
    });
    expect(halfHours.json().points.map((p: { value: number }) => p.value)).toEqual([60, 60, 60, 60]);
    const firsts = await get(data(sensorId), {
      from_date: '2026-06-01T00:00:10+00:00',
      to_date: '2026-06-01T01:00:00Z',
      aggregate_func: 'first',
    });
    expect(firsts.json().points).toEqual([{ ts: '2026-06-01T00:00:00.000Z', value: 1 }]);
  });

  it('answers the last N raw points and raw points in a window', async () => {
    const last = await get(data(sensorId), { last: '3' });
    expect(last.json().points).toEqual([
      { ts: '2026-06-01T01:58:30.000Z', value: 237 },
      { ts: '2026-06-01T01:59:00.000Z', value: 238 },
      { ts: '2026-06-01T01:59:30.000Z', value: 239 },
    ]);
    const raw = await get(data(sensorId), {
      type: 'raw',
      from_date: '2026-06-01T00:00:00Z',
      to_date: '2026-06-01T00:01:00Z',
    });
    expect(raw.json().points).toEqual([
      { ts: '2026-06-01T00:00:00.000Z', value: 0 },
      { ts: '2026-06-01T00:00:30.000Z', value: 1 },
    ]);
  });

  it('answers the latest value of every parameter', async () => {
    const latest = await get(`/sensors/${sensorId}/latest`);
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toEqual({
      values: [
        { param_key: 'pressure', ts: '2026-06-01T00:00:05.000Z', value: 1.5 },
        { param_key: 'temperature', ts: '2026-06-01T01:59:30.000Z', value: 239 },
      ],
    });
  });

  it('refuses a bad query with the fields at fault', async () => {
    const bad = await get(data(sensorId), {
      aggregate_func: 'median',
      group_interval: '0',
      group_interval_type: 'fortnight',
      from_date: 'yesterday',
      last: '-1',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorPaths(bad).sort()).toEqual(
      [
        'query.aggregate_func',
        'query.from_date',
        'query.group_interval',
        'query.group_interval_type',
        'query.last',
      ].sort(),
    );
    const backwards = await get(data(sensorId), { from_date: window.to_date, to_date: window.from_date });
    expect(backwards.statusCode).toBe(400);
    expect(errorPaths(backwards)).toEqual(['query.to_date']);
    const tooMany = await get(data(sensorId), {
      from_date: '2026-01-01T00:00:00Z',
      to_date: '2026-06-01T00:00:00Z',
      group_interval_type: 'second',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(errorPaths(tooMany)).toEqual(['query.group_interval']);
    const badSensor = await get('/sensors/not-a-uuid/latest');
    expect(badSensor.statusCode).toBe(400);
    expect(errorPaths(badSensor)).toEqual(['path.sensorId']);
  });

  it("answers 404 for another organization's sensor, and for an asset", async () => {
    expect((await get(data(otherSensorId), window)).statusCode).toBe(404);
    expect((await get(`/sensors/${otherSensorId}/latest`)).statusCode).toBe(404);
    const client = entityManagerClient(platform, orgId, token);
    const projectId = await addProject(platform, orgId, 'Assets only');
    const typeId = await createType(client, 'asset', { name: 'Telemetry Machine' });
    const assetId = await createEntity(client, projectId, 'asset', { name: 'Press', type_id: typeId });
    expect((await get(`/sensors/${assetId}/latest`)).statusCode).toBe(404);
  });

  it('refuses a caller from another organization and a member without the Entity Manager', async () => {
    const intruder = await get(data(sensorId), window, { token: otherOrg.token });
    expect([403, 404]).toContain(intruder.statusCode);
    await addPerson(platform, orgId, { email: 'dash@plant.io', apps: ['dashboards'] });
    const viewer = await get(data(sensorId), window, { token: await tokenOf(platform, 'dash@plant.io') });
    expect(viewer.statusCode).toBe(403);
  });
});
