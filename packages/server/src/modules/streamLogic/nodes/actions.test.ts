import { describe, expect, it } from 'vitest';
import { runInSandbox } from '../engine/sandbox';
import { enrich } from './enrich';
import { gatewayCommand } from './gatewayCommand';
import { notify } from './notify';
import { raiseAlert } from './raiseAlert';
import { script } from './script';
import { arrive, reading, testCheckContext, testContext, testSensor, testServices } from './testServices';
import { webhook } from './webhook';

describe('script', () => {
  it('sends what the script returns: one message, several, or none', async () => {
    const services = testServices({
      script: (message) =>
        message.value === 1
          ? { value: 10, key: 'ten' }
          : message.value === 2
            ? [{ value: 2 }, { payload: { x: 1 } }]
            : null,
    });
    const results = await script.run(
      testContext(services),
      { code: 'x', timeout_ms: 50, memory_mb: 16 },
      arrive([reading(1), reading(2), reading(3)]),
    );
    expect(results[0]?.outputs.map((o) => o.message)).toEqual([reading(10, { key: 'ten' })]);
    expect(results[1]?.outputs.map((o) => [o.message.value, o.message.payload])).toEqual([
      [2, null],
      [2, { x: 1 }],
    ]);
    expect(results[2]).toEqual({ outputs: [] });
  });

  it('fails a message whose script throws or answers a non-message', async () => {
    const services = testServices({
      script: (message) => {
        if (message.value === 1)
          throw new Error('The script ran longer than its 50 ms limit and was stopped');
        return 42;
      },
    });
    const results = await script.run(
      testContext(services),
      { code: 'x', timeout_ms: 50, memory_mb: 16 },
      arrive([reading(1), reading(2)]),
    );
    expect(results).toEqual([
      { outputs: [], error: 'The script ran longer than its 50 ms limit and was stopped' },
      { outputs: [], error: 'The script returned 42, not a message object' },
    ]);
  });

  it('keeps limits within bounds, defaulting to 50 ms and 16 MB', () => {
    expect(script.configSchema.parse({ code: 'return msg' })).toEqual({
      code: 'return msg',
      timeout_ms: 50,
      memory_mb: 16,
    });
    expect(
      script.configSchema.safeParse({ code: 'return msg', timeout_ms: 5000 }).error?.issues[0]?.message,
    ).toBe('timeout_ms must be at most 1000');
    expect(
      script.configSchema.safeParse({ code: 'return msg', memory_mb: 128 }).error?.issues[0]?.message,
    ).toBe('memory_mb must be at most 64');
  });
});

describe('enrich', () => {
  it('adds the sensor’s asset metadata, its type’s parameters and the project’s assets to the payload', async () => {
    const services = testServices();
    services.sensorMap.set(
      'sensor-1',
      testSensor('sensor-1', {
        typeIds: ['type-temp', 'type-base'],
        assetIds: ['plant', 'asset-pump'],
        parentId: 'asset-pump',
      }),
    );
    const config = {
      with: ['asset_metadata', 'type_parameters', 'project_assets'] as (
        | 'asset_metadata'
        | 'type_parameters'
        | 'project_assets'
      )[],
    };
    const results = await enrich.run(
      testContext(services),
      config,
      arrive([reading(1, { payload: { a: 1 } }), reading(2, { sensor_id: 'unknown' })]),
    );
    expect(results[0]?.outputs[0]?.message.payload).toEqual({
      a: 1,
      asset_metadata: { location: 'Hall 2', rated_kw: 15 },
      type_parameters: { unit: '°C' },
      project_assets: [{ uuid: 'asset-pump', name: 'Pump 1' }],
    });
    expect(results[1]?.outputs[0]?.message.payload).toEqual({
      asset_metadata: null,
      type_parameters: null,
      project_assets: [{ uuid: 'asset-pump', name: 'Pump 1' }],
    });
  });
});

describe('raise alert', () => {
  const config = { severity: 'major' as const, message: '{{sensor}}: {{key}} at {{value}}' };

  it('raises one alert per sensor of a batch with its latest value, keyed to the chain node and sensor', async () => {
    const services = testServices();
    services.sensorMap.set('sensor-1', testSensor('sensor-1', { name: 'Pump vibration' }));
    const results = await raiseAlert.run(
      testContext(services),
      config,
      arrive([reading(7), reading(9), reading(3, { sensor_id: 'sensor-2' })]),
    );
    expect(results.every((r) => r.outputs.length === 1)).toBe(true);
    expect(services.calls).toEqual([
      {
        sink: 'raiseAlert',
        args: [
          'org-1',
          {
            dedupeKey: 'stream:pipeline-1:node-1:sensor-1',
            severity: 'major',
            description: 'Pump vibration: temperature at 9',
            sensorId: 'sensor-1',
            paramKey: 'temperature',
            value: 9,
          },
        ],
      },
      {
        sink: 'raiseAlert',
        args: [
          'org-1',
          {
            dedupeKey: 'stream:pipeline-1:node-1:sensor-2',
            severity: 'major',
            description: 'sensor-2: temperature at 3',
            sensorId: 'sensor-2',
            paramKey: 'temperature',
            value: 3,
          },
        ],
      },
    ]);
  });
});

describe('sinks on a replay', () => {
  it('do nothing and say what they would do', async () => {
    const services = testServices();
    const ctx = testContext(services, { dryRun: true });
    const message = arrive([reading(80)]);
    await raiseAlert.run(ctx, { severity: 'critical', message: 'hot: {{value}}' }, message);
    await gatewayCommand.run(
      ctx,
      { gateway_id: 'gw-1', name: 'set_pump', value: '{"on": false, "at": {{value}}}' },
      message,
    );
    await webhook.run(ctx, { url: 'https://hooks.example.com/x' }, message);
    const results = await notify.run(
      ctx,
      { medium: 'sms', to: ['+44 7700 900123'], subject: '', message: '{{key}} {{value}}' },
      message,
    );
    expect(results[0]?.outputs[0]?.output).toBe('out');
    expect(services.calls).toEqual([]);
    expect(ctx.effects).toEqual([
      'would raise a critical alert: hot: 80',
      'would send set_pump = {"on":false,"at":80} to gateway gw-1',
      'would POST the message to https://hooks.example.com/x',
      'would send an SMS to +44 7700 900123: temperature 80',
    ]);
  });
});

describe('actions', () => {
  it('gateway command sends the filled value, a number for {{value}} alone', async () => {
    const services = testServices();
    const results = await gatewayCommand.run(
      testContext(services),
      { gateway_id: 'gw-1', name: 'setpoint', value: '{{value}}' },
      arrive([reading(21.5)]),
    );
    expect(results[0]?.outputs.length).toBe(1);
    expect(services.calls).toEqual([{ sink: 'sendCommand', args: ['org-1', 'gw-1', 'setpoint', 21.5] }]);
    expect(
      await gatewayCommand.check?.(testCheckContext(services), { gateway_id: 'gw-x', name: 'a', value: '' }),
    ).toEqual(['gateway_id: the gateway does not exist in this organization']);
  });

  it('webhook posts the message and fails it on an error status', async () => {
    const services = testServices();
    services.sinks.postWebhook = async () => 500;
    const [result] = await webhook.run(
      testContext(services),
      { url: 'https://hooks.example.com/x' },
      arrive([reading(1)]),
    );
    expect(result).toEqual({ outputs: [], error: 'https://hooks.example.com/x answered 500' });
    expect(webhook.configSchema.safeParse({ url: 'ftp://x.example.com' }).error?.issues[0]?.message).toBe(
      'url must be an http:// or https:// address',
    );
  });

  it('notify sends an e-mail with filled subject and text, and refuses bad recipients by field', async () => {
    const services = testServices();
    await notify.run(
      testContext(services),
      { medium: 'email', to: ['ops@example.com'], subject: '{{key}} alarm', message: 'now {{value}}' },
      arrive([reading(5)]),
    );
    expect(services.calls).toEqual([
      { sink: 'sendMessage', args: ['org-1', 'email', ['ops@example.com'], 'temperature alarm', 'now 5'] },
    ]);
    const bad = notify.configSchema.safeParse({
      medium: 'sms',
      to: ['ops@example.com'],
      subject: '',
      message: 'x',
    });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['to', 0],
      message: 'to: "ops@example.com" is not a phone number',
    });
  });
});

describe('script, at deploy', () => {
  it('refuses code that does not parse in the sandbox, without running it', async () => {
    const services = testServices();
    services.sandbox.run = runInSandbox;
    const check = (code: string) =>
      script.check?.(testCheckContext(services), { code, timeout_ms: 50, memory_mb: 16 });
    expect(await check('while (true) {}')).toEqual([]);
    expect(await check('return { value: msg.value * 2 };')).toEqual([]);
    expect((await check('return { value: '))?.[0]).toMatch(/^code: SyntaxError/);
  });
});

describe('script, on a long batch', () => {
  it('lets timers and I/O run between messages', async () => {
    const services = testServices();
    services.sandbox.run = runInSandbox;
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    const started = performance.now();
    const batch = arrive(Array.from({ length: 300 }, (_, i) => reading(i)));
    const results = await script.run(
      testContext(services),
      { code: 'return { value: msg.value + 1 };', timeout_ms: 50, memory_mb: 16 },
      batch,
    );
    clearInterval(timer);
    expect(results.map((r) => r.outputs[0]?.message.value)).toEqual(
      batch.map(({ message }) => (message.value as number) + 1),
    );
    // At least one turn of the event loop per 10 ms of scripts (a timer fires in most of them).
    expect(ticks).toBeGreaterThan((performance.now() - started) / 10 / 3);
  });
});
