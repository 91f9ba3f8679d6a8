/**
 * The services nodes keep their state with, on the database: window buckets add up across calls (as two
 * nodes' would) and a closed bucket is claimed once; a state claim wins once per key and time; due
 * keys are taken once; a sink refuses a sensor of another organization.
 */
import { APP_KEYS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addOrgWithAdmin } from '../../entityManager/testSupport';
import type { BucketAddition, StreamServices } from '../engine/services';
import { createChain, streamTenant, validChain } from '../testSupport';
import { createStreamServices } from './streamServices';

let platform: TestPlatform;
let services: StreamServices;
let tenant: Awaited<ReturnType<typeof streamTenant>>;
let pipelineId: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  services = createStreamServices(platform.deps);
  tenant = await streamTenant(platform, 'Services plant');
  pipelineId = (await createChain(tenant.stream, tenant.projectId, validChain(tenant.boiler))).id;
});
afterAll(() => platform.close());

const bucket = (start: number, values: [ts: number, value: number][]): BucketAddition => ({
  groupKey: 's:boiler:temperature',
  bucketStart: start,
  count: values.length,
  sum: values.reduce((sum, [, v]) => sum + v, 0),
  min: Math.min(...values.map(([, v]) => v)),
  max: Math.max(...values.map(([, v]) => v)),
  firstTs: Math.min(...values.map(([ts]) => ts)),
  firstValue: values.reduce((a, b) => (b[0] < a[0] ? b : a))[1],
  lastTs: Math.max(...values.map(([ts]) => ts)),
  lastValue: values.reduce((a, b) => (b[0] >= a[0] ? b : a))[1],
  sample: { sensor_id: 'boiler', key: 'temperature' },
});

describe('window buckets', () => {
  it('add up across calls, keep the earliest first and the latest last, and are claimed once', async () => {
    await services.windows.add(pipelineId, 'avg', [
      bucket(60_000, [
        [61_000, 5],
        [62_000, 9],
      ]),
    ]);
    await services.windows.add(pipelineId, 'avg', [
      bucket(60_000, [
        [60_500, 7],
        [63_000, 1],
      ]),
      bucket(120_000, [[121_000, 3]]),
    ]);
    expect(await services.windows.read(pipelineId, 'avg', 0)).toHaveLength(2);
    const [claimed, ...rest] = await Promise.all([
      services.windows.claim(pipelineId, 'avg', 120_000),
      services.windows.claim(pipelineId, 'avg', 120_000),
    ]).then((answers) => answers.flat());
    expect(rest).toEqual([]);
    expect(claimed).toEqual({
      groupKey: 's:boiler:temperature',
      bucketStart: 60_000,
      count: 4,
      sum: 22,
      min: 1,
      max: 9,
      firstTs: 60_500,
      firstValue: 7,
      lastTs: 63_000,
      lastValue: 1,
      sample: { sensor_id: 'boiler', key: 'temperature' },
    });
    expect((await services.windows.read(pipelineId, 'avg', 0)).map((b) => b.bucketStart)).toEqual([120_000]);
  });
});

describe('node state', () => {
  it('lets one of two racing claims win, and a later time claim it again', async () => {
    const answers = await Promise.all([
      services.state.claim(pipelineId, 'dedupe', 'k', 1_000, { v: 1 }, 1_000),
      services.state.claim(pipelineId, 'dedupe', 'k', 1_000, { v: 2 }, 1_000),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await services.state.claim(pipelineId, 'dedupe', 'k', 1_500, null, 1_000)).toBe(false);
    expect(await services.state.claim(pipelineId, 'dedupe', 'k', 2_000, { v: 3 }, 2_000)).toBe(true);
    expect((await services.state.get(pipelineId, 'dedupe', ['k', 'none'])).get('k')).toEqual({
      ts: 2_000,
      value: { v: 3 },
    });
  });

  it('hands due keys out once, oldest first', async () => {
    await services.state.put(pipelineId, 'delay', 'b', 200, { m: 'b' });
    await services.state.put(pipelineId, 'delay', 'a', 100, 'plain text');
    await services.state.put(pipelineId, 'delay', 'c', 900, { m: 'c' });
    const [first, second] = await Promise.all([
      services.state.takeDue(pipelineId, 'delay', 500),
      services.state.takeDue(pipelineId, 'delay', 500),
    ]);
    expect([...(first ?? []), ...(second ?? [])]).toHaveLength(2);
    expect((first?.length ? first : second)?.map((due) => due.value)).toEqual(['plain text', { m: 'b' }]);
  });
});

describe('sinks', () => {
  it("refuse to write another organization's sensor", async () => {
    const other = await addOrgWithAdmin(platform, 'services-rivals', [...APP_KEYS]);
    await expect(
      services.sinks.writeReadings(other.orgId, [
        { sensorId: tenant.boiler, paramKey: 'x', ts: Date.now(), value: 1 },
      ]),
    ).rejects.toThrow('No sensor');
    expect(await services.sensors.exist(other.orgId, 'sensor', [tenant.boiler])).toBe(false);
    expect(await services.sensors.exist(tenant.orgId, 'sensor', [tenant.boiler, tenant.pump])).toBe(true);
    expect((await services.sensors.get(tenant.orgId, [tenant.boiler])).get(tenant.boiler)).toMatchObject({
      projectId: tenant.projectId,
      assetIds: [tenant.line],
    });
  });
});
