import { describe, expect, it } from 'vitest';
import type { DurableRun } from '../../../platform/module';
import { gatewayTelemetry } from './gatewayTelemetry';
import { sensorTelemetry } from './sensorTelemetry';
import { testCheckContext, testContext, testSensor, testServices } from './testServices';

const T0 = Date.UTC(2026, 0, 1, 12);
const runs: DurableRun[] = [
  { orgId: 'org-1', sensorId: 'sensor-1', paramKey: 'temperature', ts: [T0, T0 + 1000], values: [20, 21] },
  { orgId: 'org-1', sensorId: 'sensor-2', paramKey: 'humidity', ts: [T0], values: [55] },
  { orgId: 'org-1', sensorId: 'sensor-3', paramKey: 'temperature', ts: [T0], values: [30] },
  { orgId: 'org-2', sensorId: 'sensor-1', paramKey: 'temperature', ts: [T0], values: [99] },
];

function services() {
  const s = testServices();
  s.sensorMap.set(
    'sensor-1',
    testSensor('sensor-1', { typeIds: ['type-pt100', 'type-temp'], assetIds: ['plant', 'pump'] }),
  );
  s.sensorMap.set('sensor-2', testSensor('sensor-2', { typeIds: ['type-hum'], assetIds: ['plant'] }));
  s.sensorMap.set('sensor-3', testSensor('sensor-3', { typeIds: ['type-temp'], assetIds: ['other'] }));
  s.gateways.set('gw-1', new Set(['sensor-2', 'sensor-3']));
  return s;
}

describe('sensor telemetry source', () => {
  it('takes the chosen sensors’ readings of its organization only, one message per value', async () => {
    const ctx = testContext(services());
    const config = { scope: { kind: 'sensors' as const, sensor_ids: ['sensor-1'] }, param_keys: [] };
    expect(await sensorTelemetry.source?.fromTelemetry(ctx, config, runs)).toEqual([
      { ts: T0, sensor_id: 'sensor-1', key: 'temperature', value: 20, payload: null },
      { ts: T0 + 1000, sensor_id: 'sensor-1', key: 'temperature', value: 21, payload: null },
    ]);
    expect(await sensorTelemetry.source?.sensorIds?.(testCheckContext(ctx.services), config)).toEqual(
      new Set(['sensor-1']),
    );
  });

  it('takes every sensor of a type, sub-types included, and only the listed parameters', async () => {
    const ctx = testContext(services());
    const config = {
      scope: { kind: 'sensor_type' as const, type_id: 'type-temp' },
      param_keys: ['temperature'],
    };
    const messages = await sensorTelemetry.source?.fromTelemetry(ctx, config, runs);
    expect(messages?.map((m) => [m.sensor_id, m.value])).toEqual([
      ['sensor-1', 20],
      ['sensor-1', 21],
      ['sensor-3', 30],
    ]);
    expect(await sensorTelemetry.source?.sensorIds?.(testCheckContext(ctx.services), config)).toBeNull();
  });

  it('takes every sensor anywhere under an asset', async () => {
    const ctx = testContext(services());
    const config = { scope: { kind: 'asset' as const, asset_id: 'plant' }, param_keys: [] };
    const messages = await sensorTelemetry.source?.fromTelemetry(ctx, config, runs);
    expect(messages?.map((m) => m.sensor_id)).toEqual(['sensor-1', 'sensor-1', 'sensor-2']);
  });

  it('refuses at deploy sensors that are not the organization’s, and an empty choice', async () => {
    const s = services();
    s.known.add('sensor-1');
    const check = (sensor_ids: string[]) =>
      sensorTelemetry.check?.(testCheckContext(s), {
        scope: { kind: 'sensors', sensor_ids },
        param_keys: [],
      });
    expect(await check(['sensor-1'])).toEqual([]);
    expect(await check(['sensor-1', 'foreign'])).toEqual([
      'scope.sensor_ids: a sensor does not exist in this organization',
    ]);
    expect(await check([])).toEqual(['scope.sensor_ids: pick at least one sensor']);
  });

  it('names the field of a bad scope', () => {
    const result = sensorTelemetry.configSchema.safeParse({ scope: { kind: 'asset' }, param_keys: [] });
    expect(result.error?.issues[0]?.message).toMatch(/scope\.asset_id/);
  });
});

describe('gateway telemetry source', () => {
  it('takes the readings of the sensors the gateway writes to', async () => {
    const ctx = testContext(services());
    const config = { gateway_id: 'gw-1', param_keys: [] };
    const messages = await gatewayTelemetry.source?.fromTelemetry(ctx, config, runs);
    expect(messages?.map((m) => [m.sensor_id, m.key, m.value])).toEqual([
      ['sensor-2', 'humidity', 55],
      ['sensor-3', 'temperature', 30],
    ]);
    expect(await gatewayTelemetry.source?.sensorIds?.(testCheckContext(ctx.services), config)).toEqual(
      new Set(['sensor-2', 'sensor-3']),
    );
    expect(await gatewayTelemetry.check?.(testCheckContext(ctx.services), config)).toEqual([
      'gateway_id: the gateway does not exist in this organization',
    ]);
  });
});
