import { describe, expect, it } from 'vitest';
import { switchNode } from './switch';
import { arrive, reading, testContext, testServices } from './testServices';
import { transform } from './transform';

const ctx = testContext(testServices());

describe('switch', () => {
  const config = {
    routes: [
      { output: 'critical', expression: 'value >= 90.0' },
      { output: 'high', expression: 'value >= 70.0' },
    ],
  };

  it('sends each message to the first route it meets, else to otherwise', async () => {
    const results = await switchNode.run(ctx, config, arrive([reading(95), reading(75), reading(10)]));
    expect(results.map((r) => r.outputs.map((o) => o.output))).toEqual([
      ['critical'],
      ['high'],
      ['otherwise'],
    ]);
    expect(results.every((r) => r.error === undefined)).toBe(true);
  });

  it('sends a message no route can judge (a null value) to otherwise and says why', async () => {
    const [result] = await switchNode.run(ctx, config, arrive([reading(null)]));
    expect(result?.outputs.map((o) => o.output)).toEqual(['otherwise']);
    expect(result?.error).toMatch(/^critical: .*; high: /);
  });

  it('refuses duplicate, reserved or unparsable routes, naming the field', () => {
    const problem = (routes: unknown) =>
      switchNode.configSchema.safeParse({ routes }).error?.issues[0]?.message;
    expect(
      problem([
        { output: 'a', expression: 'true' },
        { output: 'a', expression: 'false' },
      ]),
    ).toBe('routes: two routes have the same output name');
    expect(problem([{ output: 'otherwise', expression: 'true' }])).toMatch(/^routes\.output/);
    expect(problem([{ output: 'a', expression: 'value >>' }])).toMatch(/^routes\.expression does not parse/);
  });
});

describe('transform', () => {
  it('makes the expression’s result the payload', async () => {
    const [result] = await transform.run(
      ctx,
      { expression: '{ "celsius": value, "alarm": value > 80, "unit": payload.unit }' },
      arrive([reading(85, { payload: { unit: 'C' } })]),
    );
    expect(result?.outputs[0]?.message).toEqual(
      reading(85, { payload: { celsius: 85, alarm: true, unit: 'C' } }),
    );
  });

  it('makes a number result also the value', async () => {
    const [result] = await transform.run(ctx, { expression: 'value * 2' }, arrive([reading(4)]));
    expect(result?.outputs[0]?.message).toMatchObject({ value: 8, payload: 8 });
  });

  it('turns no result into a null payload and keeps the value; missing fields are no error', async () => {
    const [result] = await transform.run(ctx, { expression: 'payload.nothing.here' }, arrive([reading(4)]));
    expect(result?.outputs[0]?.message).toMatchObject({ value: 4, payload: null });
  });

  it('fails a message the expression throws on, and stops one that runs too long', async () => {
    const [thrown] = await transform.run(ctx, { expression: '$error("bad reading")' }, arrive([reading(1)]));
    expect(thrown).toEqual({ outputs: [], error: 'bad reading' });
    const [endless] = await transform.run(
      ctx,
      { expression: '( $loop := function($n) { $n < 0 ? $n : $loop($n + 1) }; $loop(0) )' },
      arrive([reading(1)]),
    );
    expect(endless?.outputs).toEqual([]);
    expect(endless?.error).toBeTruthy();
  });

  it('refuses an expression that does not parse, naming the field', () => {
    expect(transform.configSchema.safeParse({ expression: '{ "a": ' }).error?.issues[0]?.message).toMatch(
      /^expression does not parse/,
    );
  });
});
