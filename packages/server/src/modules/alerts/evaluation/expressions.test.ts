/** An expression rule is woken only by the parameters it reads; one that may read any is woken by all. */
import { describe, expect, it } from 'vitest';
import { evaluateExpression, expressionParams } from './expressions';

describe('the parameters an expression reads', () => {
  it.each([
    ['fill_weight > 505.5 && flow > 200.0', ['fill_weight', 'flow']],
    ['params["inlet-temp"] - params.outlet > 4.0', ['inlet-temp', 'outlet']],
    ["size(string(level)) > 2 || 'flow' == 'x'", ['level']],
    ['vibration > 4.5 && !(true)', ['vibration']],
  ])('%s reads %j', (text, keys) => {
    expect([...(expressionParams(text) ?? [])].sort()).toEqual([...keys].sort());
  });

  it('answers "any" when params is used other than with a literal key', () => {
    expect(expressionParams('params[name] > 3.0')).toBeNull();
    expect(expressionParams('params.all(k, params[k] > 1.0)')).toBeNull();
  });

  it('evaluates on the values it names, and a missing one is not met', () => {
    const values = new Map([
      ['fill_weight', { v: 507 }],
      ['flow', { v: 250 }],
    ]);
    expect(evaluateExpression('fill_weight > 505.5 && flow > 200.0', values)).toBe(true);
    expect(evaluateExpression('fill_weight > 505.5 && speed > 1.0', values)).toBeNull();
  });
});
