/**
 * Deployed chains on durable telemetry, end to end on a test platform: a reading runs source → formula →
 * virtual sensor and the derived value is stored as telemetry; a 1-second window's average is sent once,
 * by the due loop, when the window ends; a chain never feeds on what it writes; a failing or stuck chain
 * stops neither another chain nor ingest, and one that falls behind drops its oldest readings, counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import type { StreamServices } from '../engine/services';
import {
  chainGraph,
  chainNode,
  createChain,
  type StreamClient,
  streamTenant,
  validChain,
} from '../testSupport';
import { MAX_QUEUED_READINGS } from './chainRunner';
import { ChainRuntime } from './chainRuntime';
import { chainRunning, ingest, runtimeOf, settle, storedValues, waitFor } from './testSupport';

let platform: TestPlatform;
let tenant: Awaited<ReturnType<typeof streamTenant>>;
let stream: StreamClient;
let plants = 0;

/** A fresh project of sensors per test, so chains of one test see nothing of another's. */
async function plant() {
  plants++;
  const { projectId, boiler, pump } = await streamTenant(platform, `Runtime plant ${plants}`);
  return { projectId, boiler, pump };
}

beforeAll(async () => {
  platform = await createTestPlatform();
  tenant = await streamTenant(platform, 'Runtime plant');
  stream = tenant.stream;
});
afterAll(() => platform.close());

describe('a deployed chain on durable telemetry', () => {
  it('stores a reading through a formula as the virtual sensor’s durable telemetry', async () => {
    const { projectId, boiler, pump } = await plant();
    const chain = await createChain(
      stream,
      projectId,
      validChain(boiler, { enabled: true, targetSensorId: pump }),
    );
    await chainRunning(platform, tenant.orgId, chain.id);
    const ts = Date.now() - 5_000;
    await ingest(platform, tenant.orgId, boiler, 'temperature', [
      [ts, 20],
      [ts + 1, 100],
    ]);
    await settle(platform);
    expect(await storedValues(platform, pump, 'temperature_f')).toEqual([
      { ts, value: 68 },
      { ts: ts + 1, value: 212 },
    ]);
  });

  it('swaps a redeployed chain in alone, and stops a disabled one', async () => {
    const { projectId, boiler, pump } = await plant();
    const changing = await createChain(
      stream,
      projectId,
      validChain(boiler, { enabled: true, targetSensorId: pump }),
    );
    const steady = await createChain(
      stream,
      projectId,
      validChain(boiler, {
        enabled: true,
        targetSensorId: boiler,
        config: { sink: { param_key: 'steady_f' } },
      }),
    );
    await chainRunning(platform, tenant.orgId, changing.id);
    await chainRunning(platform, tenant.orgId, steady.id);
    const steadyBefore = runtimeOf(platform).chainOf(tenant.orgId, steady.id);
    const redeploy = await stream.patch(`/${projectId}/pipelines/${changing.id}`, {
      revision: 1,
      actions: changing.actions.map((node) =>
        node.id === 'formula'
          ? { ...node, config: { mode: 'linear', m: 1, c: 273.15, out_key: 'temperature_f' } }
          : node,
      ),
    });
    expect(redeploy.statusCode).toBe(200);
    await chainRunning(platform, tenant.orgId, changing.id, 2);
    expect(runtimeOf(platform).chainOf(tenant.orgId, steady.id)).toBe(steadyBefore);
    const ts = Date.now() - 5_000;
    await ingest(platform, tenant.orgId, boiler, 'temperature', [[ts, 10]]);
    await settle(platform);
    expect(await storedValues(platform, pump, 'temperature_f')).toEqual([{ ts, value: 283.15 }]);
    expect(await storedValues(platform, boiler, 'steady_f')).toEqual([{ ts, value: 50 }]);

    expect(
      (await stream.patch(`/${projectId}/pipelines/${changing.id}`, { revision: 2, enabled: false }))
        .statusCode,
    ).toBe(200);
    await waitFor(() => runtimeOf(platform).chainOf(tenant.orgId, changing.id) === null);
    await ingest(platform, tenant.orgId, boiler, 'temperature', [[ts + 1, 20]]);
    await settle(platform);
    expect(await storedValues(platform, pump, 'temperature_f')).toHaveLength(1);
    expect(await storedValues(platform, boiler, 'steady_f')).toHaveLength(2);
  });

  it('sends a 1-second window’s average once, from the due loop, when the window has ended', async () => {
    const { projectId, boiler, pump } = await plant();
    const body = chainGraph(
      [
        chainNode('source', 'sensor_telemetry', { scope: { kind: 'sensors', sensor_ids: [boiler] } }),
        chainNode('avg', 'window', {
          mode: 'tumbling',
          size_s: 1,
          aggregate: 'avg',
          group_by: 'sensor',
          out_key: 'temperature_avg',
        }),
        chainNode('sink', 'virtual_sensor', { sensor_id: pump, param_key: 'temperature_avg' }),
      ],
      [
        ['source', 'avg'],
        ['avg', 'sink'],
      ],
    );
    const chain = await createChain(stream, projectId, { name: 'Average', enabled: true, ...body });
    await chainRunning(platform, tenant.orgId, chain.id);
    // A window that has not begun yet: every reading lands in it before it can close.
    const start = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    await ingest(platform, tenant.orgId, boiler, 'temperature', [
      [start + 100, 10],
      [start + 200, 20],
      [start + 300, 60],
    ]);
    await settle(platform);
    expect(await storedValues(platform, pump, 'temperature_avg')).toEqual([]);
    await waitFor(async () => {
      await settle(platform);
      return (await storedValues(platform, pump, 'temperature_avg')).length > 0;
    }, 6_000);
    // Due ticks go on; the window was claimed, so nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await settle(platform);
    expect(await storedValues(platform, pump, 'temperature_avg')).toEqual([{ ts: start + 1000, value: 30 }]);
    const trace = (await stream.get(`/${projectId}/pipelines/${chain.id}/trace`)).json();
    expect(trace.nodes.avg).toMatchObject({ in: 3, out: 1, errors: 0 });
  });

  it('never feeds a chain what it writes itself (a virtual sensor on its own source sensor)', async () => {
    const { projectId, boiler } = await plant();
    // Every parameter of the boiler in, °F written back to the boiler: without the guard, 68 would come back as 154.4.
    const chain = await createChain(stream, projectId, validChain(boiler, { enabled: true }));
    await chainRunning(platform, tenant.orgId, chain.id);
    const ts = Date.now() - 5_000;
    await ingest(platform, tenant.orgId, boiler, 'temperature', [[ts, 20]]);
    await settle(platform);
    await settle(platform);
    expect(await storedValues(platform, boiler, 'temperature_f')).toEqual([{ ts, value: 68 }]);
    const trace = (await stream.get(`/${projectId}/pipelines/${chain.id}/trace`)).json();
    expect(trace.nodes.source).toMatchObject({ out: 1 });
    expect(trace.nodes.formula).toMatchObject({ in: 1, out: 1 });
  });

  it('keeps another chain running when one fails on every message', async () => {
    const { projectId, boiler, pump } = await plant();
    const failing = await createChain(
      stream,
      projectId,
      validChain(boiler, {
        enabled: true,
        targetSensorId: pump,
        config: {
          formula: { mode: 'expression', expression: '$error("sensor fault")', out_key: 'bad' },
          sink: { param_key: 'bad' },
        },
      }),
    );
    const healthy = await createChain(
      stream,
      projectId,
      validChain(boiler, { enabled: true, targetSensorId: pump }),
    );
    await chainRunning(platform, tenant.orgId, failing.id);
    await chainRunning(platform, tenant.orgId, healthy.id);
    const ts = Date.now() - 5_000;
    await ingest(platform, tenant.orgId, boiler, 'temperature', [[ts, 10]]);
    await settle(platform);
    expect(await storedValues(platform, pump, 'temperature_f')).toEqual([{ ts, value: 50 }]);
    expect(await storedValues(platform, pump, 'bad')).toEqual([]);
    const trace = (await stream.get(`/${projectId}/pipelines/${failing.id}/trace`)).json();
    expect(trace.nodes.formula).toMatchObject({ in: 1, out: 0, errors: 1 });
    expect(trace.entries[0]).toMatchObject({
      node_id: 'formula',
      error: expect.stringContaining('sensor fault'),
    });
  });

  it('runs other chains while one is stuck, and drops the stuck chain’s oldest readings past its bound', async () => {
    const { projectId, boiler, pump } = await plant();
    const stuck = await createChain(
      stream,
      projectId,
      validChain(boiler, { enabled: true, targetSensorId: pump }),
    );
    const other = await createChain(
      stream,
      projectId,
      validChain(boiler, {
        enabled: true,
        targetSensorId: boiler,
        config: { sink: { param_key: 'other_f' } },
      }),
    );
    await chainRunning(platform, tenant.orgId, other.id);
    // A runtime of its own, whose writes to the pump never finish (and which writes nothing for real).
    const real = runtimeOf(platform).streamServices();
    const written: string[] = [];
    const services: StreamServices = {
      ...real,
      sinks: {
        ...real.sinks,
        writeReadings: (_orgId, points) => {
          if (points[0]?.sensorId === pump) return new Promise(() => {});
          for (const point of points) written.push(`${point.sensorId}:${point.value}`);
          return Promise.resolve();
        },
      },
    };
    const runtime = new ChainRuntime(platform.deps, { services });
    runtime.bind(platform.deps);
    try {
      await waitFor(
        () =>
          runtime.chainOf(tenant.orgId, stuck.id) !== null &&
          runtime.chainOf(tenant.orgId, other.id) !== null,
      );
      const run = (n: number, value: number) => ({
        orgId: tenant.orgId,
        sensorId: boiler,
        paramKey: 'temperature',
        ts: Array.from({ length: n }, (_, i) => 1_000_000 + value * 1_000_000 + i),
        values: Array.from({ length: n }, () => value),
      });
      runtime.onBatch([run(1, 0)]);
      await waitFor(() => written.includes(`${boiler}:32`));
      // Three batches of 40% of the bound behind the stuck one: the oldest of them is let go.
      const half = Math.floor(MAX_QUEUED_READINGS * 0.4);
      runtime.onBatch([run(half, 1)]);
      runtime.onBatch([run(half, 2)]);
      runtime.onBatch([run(half, 3)]);
      await waitFor(() => written.filter((w) => w === `${boiler}:37.4`).length === half);
      await runtime.trace.flush();
      const trace = (await stream.get(`/${projectId}/pipelines/${stuck.id}/trace`)).json();
      expect(trace.nodes.source).toMatchObject({ errors: half });
      expect(trace.entries[0]).toMatchObject({
        node_id: 'source',
        error: `dropped ${half} readings: the chain fell behind`,
      });
    } finally {
      // The stuck write never ends: stop only the timers and listening.
      void runtime.stop();
    }
    // Ingest was never held up: a new reading is stored and flows through the platform's chains.
    const ts = Date.now() - 5_000;
    await ingest(platform, tenant.orgId, boiler, 'temperature', [[ts, 0]]);
    await settle(platform);
    expect(await storedValues(platform, boiler, 'other_f')).toContainEqual({ ts, value: 32 });
  });
});
