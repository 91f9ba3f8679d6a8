import { describe, expect, it } from 'vitest';
import { filter } from './filter';
import { formula } from './formula';
import { arrive, reading, testContext, testServices } from './testServices';

const ctx = testContext(testServices());

describe('filter', () => {
  it('passes messages meeting the condition and rejects the others', async () => {
    const results = await filter.run(
      ctx,
      { expression: 'value > 10 && key == "temperature"' },
      arrive([reading(12.5), reading(3), reading(40, { key: 'x' })]),
    );
    expect(results.map((r) => r.outputs.map((o) => o.output))).toEqual([['pass'], ['reject'], ['reject']]);
    expect(results[0]?.outputs[0]?.message).toEqual(reading(12.5));
  });

  it('reads payload fields and sensor ids', async () => {
    const results = await filter.run(
      ctx,
      { expression: 'payload.mode == "auto" && sensor_id == "sensor-1"' },
      arrive([reading(null, { payload: { mode: 'auto' } }), reading(null, { payload: { mode: 'manual' } })]),
    );
    expect(results.map((r) => r.outputs[0]?.output)).toEqual(['pass', 'reject']);
  });

  it('rejects a message whose value is null and says why', async () => {
    const [result] = await filter.run(ctx, { expression: 'value > 10' }, arrive([reading(null)]));
    expect(result?.outputs.map((o) => o.output)).toEqual(['reject']);
    expect(result?.error).toMatch(/overload/);
  });

  it('says when the condition answers something other than true or false', async () => {
    const [result] = await filter.run(ctx, { expression: 'value + 1.0' }, arrive([reading(1)]));
    expect(result?.error).toMatch(/not true or false/);
  });

  it('refuses a condition that does not parse, naming the field', () => {
    const result = filter.configSchema.safeParse({ expression: 'value > ' });
    expect(result.error?.issues[0]?.message).toMatch(/^expression does not parse/);
  });
});

describe('formula', () => {
  it('computes m·x + c and renames the key', async () => {
    const results = await formula.run(
      ctx,
      { mode: 'linear', m: 1.8, c: 32, out_key: 'temperature_f' },
      arrive([reading(100), reading(-40)]),
    );
    expect(results.map((r) => r.outputs[0]?.message)).toEqual([
      reading(212, { key: 'temperature_f' }),
      reading(-40, { key: 'temperature_f' }),
    ]);
  });

  it('evaluates a JSONata math expression of $x', async () => {
    const results = await formula.run(
      ctx,
      { mode: 'expression', expression: '$round($x * 9 / 5 + 32, 1)' },
      arrive([reading(21.34)]),
    );
    expect(results[0]?.outputs[0]?.message.value).toBe(70.4);
    expect(results[0]?.outputs[0]?.message.key).toBe('temperature');
  });

  it('fails a message without a value, or a result that is not a number, and carries on', async () => {
    const linear = await formula.run(
      ctx,
      { mode: 'linear', m: 2, c: 0 },
      arrive([reading(null), reading(2)]),
    );
    expect(linear[0]).toEqual({ outputs: [], error: 'The message has no numeric value' });
    expect(linear[1]?.outputs[0]?.message.value).toBe(4);
    const [text] = await formula.run(ctx, { mode: 'expression', expression: '"hot"' }, arrive([reading(1)]));
    expect(text?.error).toMatch(/not a number/);
    const [division] = await formula.run(
      ctx,
      { mode: 'expression', expression: '$x / 0' },
      arrive([reading(1)]),
    );
    expect(division?.outputs).toEqual([]);
    expect(division?.error).toBeTruthy();
  });

  it('stops an expression that runs too long', async () => {
    const endless = '( $f := function($n) { $f($n + 1) }; $f(0) )';
    const [result] = await formula.run(
      ctx,
      { mode: 'expression', expression: endless },
      arrive([reading(1)]),
    );
    expect(result?.error).toBeTruthy();
  });

  it('refuses a bad expression and non-numbers in the config, naming the field', () => {
    expect(
      formula.configSchema.safeParse({ mode: 'expression', expression: '$x *' }).error?.issues[0]?.message,
    ).toMatch(/^expression does not parse/);
    expect(formula.configSchema.safeParse({ mode: 'linear', m: 'two', c: 0 }).error?.issues[0]?.message).toBe(
      'm must be a number',
    );
  });
});
