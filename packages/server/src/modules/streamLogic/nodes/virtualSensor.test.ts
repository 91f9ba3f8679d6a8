import { describe, expect, it } from 'vitest';
import { debug } from './debug';
import { arrive, reading, testCheckContext, testContext, testServices } from './testServices';
import { virtualSensor } from './virtualSensor';

const config = { sensor_id: 'virtual-1', param_key: 'temperature_f' };

describe('write virtual sensor', () => {
  it('stores a batch’s values in one write and passes the messages on', async () => {
    const services = testServices();
    const ctx = testContext(services);
    const results = await virtualSensor.run(
      ctx,
      config,
      arrive([reading(68, { ts: 1 }), reading(null), reading(70, { ts: 2 })]),
    );
    expect(results.map((r) => r.outputs.length)).toEqual([1, 0, 1]);
    expect(results[1]?.error).toMatch(/no numeric value/);
    expect(services.calls).toEqual([
      {
        sink: 'writeReadings',
        args: [
          'org-1',
          [
            { sensorId: 'virtual-1', paramKey: 'temperature_f', ts: 1, value: 68 },
            { sensorId: 'virtual-1', paramKey: 'temperature_f', ts: 2, value: 70 },
          ],
        ],
      },
    ]);
  });

  it('on a replay only says what it would store', async () => {
    const services = testServices();
    const ctx = testContext(services, { dryRun: true });
    const results = await virtualSensor.run(ctx, config, arrive([reading(68)]));
    expect(results[0]?.outputs[0]?.output).toBe('out');
    expect(services.calls).toEqual([]);
    expect(ctx.effects).toEqual(['would store 1 value as temperature_f of sensor virtual-1']);
  });

  it('refuses at deploy a sensor of another organization, or none', async () => {
    const services = testServices();
    expect(await virtualSensor.check?.(testCheckContext(services), config)).toEqual([
      'sensor_id: the sensor does not exist in this organization',
    ]);
    expect(await virtualSensor.check?.(testCheckContext(services), { ...config, sensor_id: '' })).toEqual([
      'sensor_id: pick the sensor to write',
    ]);
    services.known.add('virtual-1');
    expect(await virtualSensor.check?.(testCheckContext(services), config)).toEqual([]);
  });
});

describe('debug', () => {
  it('passes every message on unchanged', async () => {
    const message = reading(1, { payload: { a: 1 } });
    expect(await debug.run(testContext(testServices()), {}, arrive([message]))).toEqual([
      { outputs: [{ output: 'out', message }] },
    ]);
  });
});
