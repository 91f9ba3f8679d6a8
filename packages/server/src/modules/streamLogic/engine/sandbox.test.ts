import { describe, expect, it } from 'vitest';
import { runInSandbox, ScriptError } from './sandbox';

const message = { ts: 1_000, sensor_id: 'sensor-1', key: 'temperature', value: 21.5, payload: { unit: 'C' } };
const limits = { timeoutMs: 50, memoryBytes: 16 * 1024 * 1024 };

describe('the script sandbox', () => {
  it('answers what a normal script returns, built from msg', async () => {
    const result = await runInSandbox(
      'return { value: msg.value * 9 / 5 + 32, key: msg.key + "_f", payload: { was: msg.payload.unit } };',
      message,
      limits,
    );
    expect(result).toEqual({ value: 70.7, key: 'temperature_f', payload: { was: 'C' } });
    expect(await runInSandbox('return [1, 2].map((n) => ({ value: n }));', message, limits)).toEqual([
      { value: 1 },
      { value: 2 },
    ]);
    expect(await runInSandbox('if (msg.value < 100) return null;', message, limits)).toBeNull();
  });

  it('has no process, no require, no host globals', async () => {
    expect(
      await runInSandbox(
        'return [typeof process, typeof require, typeof module, typeof globalThis.fetch, typeof setTimeout];',
        message,
        limits,
      ),
    ).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
    await expect(runInSandbox('return process.env', message, limits)).rejects.toThrow(
      /'process' is not defined/,
    );
    await expect(runInSandbox('return require("fs")', message, limits)).rejects.toThrow(
      /'require' is not defined/,
    );
  });

  it('stops an endless loop at its CPU limit with a clear error', async () => {
    const started = Date.now();
    await expect(runInSandbox('while (true) {}', message, limits)).rejects.toThrow(
      new ScriptError('The script ran longer than its 50 ms limit and was stopped'),
    );
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('stops a memory bomb at its memory limit, and the next script still runs', async () => {
    const tight = { timeoutMs: 5_000, memoryBytes: 2 * 1024 * 1024 };
    const started = Date.now();
    await expect(
      runInSandbox('const all = []; while (true) all.push({ n: all.length });', message, tight),
    ).rejects.toThrow(new ScriptError('The script used more than its 2 MB memory limit and was stopped'));
    await expect(
      runInSandbox('return new Uint8Array(64 * 1024 * 1024).length;', message, tight),
    ).rejects.toThrow(/more than its 2 MB memory limit/);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await runInSandbox('return msg.value', message, limits)).toBe(21.5);
  });

  it('stops endless recursion, and reports syntax errors and throws', async () => {
    await expect(runInSandbox('function f() { return f(); } return f();', message, limits)).rejects.toThrow(
      /stack overflow/,
    );
    await expect(runInSandbox('return msg.value +', message, limits)).rejects.toThrow(/SyntaxError/);
    await expect(runInSandbox('throw new Error("too hot")', message, limits)).rejects.toThrow(
      'Error: too hot',
    );
    expect(await runInSandbox('return msg.value', message, limits)).toBe(21.5);
  });

  it('runs a short script in a few milliseconds', async () => {
    await runInSandbox('return 1', message, limits);
    const started = performance.now();
    for (let i = 0; i < 20; i++) await runInSandbox('return { value: msg.value + 1 }', message, limits);
    expect((performance.now() - started) / 20).toBeLessThan(25);
  });
});
