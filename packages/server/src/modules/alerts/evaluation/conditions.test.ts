/** Conditions, clear tests, schedules and the state machine on plain values: no database. */
import type { Condition } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { type ConditionInput, evaluateCondition, type Point, prepareConditions } from './conditions';
import { isScheduleActive } from './schedule';
import { step } from './stateMachine';

const T = Date.UTC(2026, 5, 1, 12, 0, 0);
function on(values: Record<string, number>, extra: Partial<ConditionInput> = {}): ConditionInput {
  return {
    at: T,
    values: new Map<string, Point>(Object.entries(values).map(([k, v]) => [k, { v, ts: T }])),
    ...extra,
  };
}
const check = (condition: Condition, values: Record<string, number>, extra?: Partial<ConditionInput>) =>
  evaluateCondition(condition, on(values, extra));

describe('conditions', () => {
  it('compare a parameter with a threshold, and are unknown without its value', () => {
    expect(check({ op: 'gt', param: 't', value: 80 }, { t: 81 })).toBe(true);
    expect(check({ op: 'gt', param: 't', value: 80 }, { t: 80 })).toBe(false);
    expect(check({ op: 'gte', param: 't', value: 80 }, { t: 80 })).toBe(true);
    expect(check({ op: 'lt', param: 't', value: 0 }, { t: -1 })).toBe(true);
    expect(check({ op: 'lte', param: 't', value: 0 }, { t: 1 })).toBe(false);
    expect(check({ op: 'eq', param: 't', value: 3 }, { t: 3 })).toBe(true);
    expect(check({ op: 'neq', param: 't', value: 3 }, { t: 3 })).toBe(false);
    expect(check({ op: 'gt', param: 't', value: 80 }, { other: 99 })).toBeNull();
  });

  it('test a range from inside (between) and outside', () => {
    const between: Condition = { op: 'between', param: 'p', min: 2, max: 4 };
    const outside: Condition = { op: 'outside', param: 'p', min: 2, max: 4 };
    expect([1, 2, 3, 4, 5].map((p) => check(between, { p }))).toEqual([false, true, true, true, false]);
    expect([1, 2, 3, 4, 5].map((p) => check(outside, { p }))).toEqual([true, false, false, false, true]);
  });

  it('measure a rate of change against the value one window earlier, in the direction asked', () => {
    const earlier = (value: number) => ({
      valueAt: (_p: string, ts: number) => (ts === T - 600_000 ? value : undefined),
    });
    const rise: Condition = { op: 'rate', param: 't', direction: 'rise', amount: 5, window_s: 600 };
    const fall: Condition = { op: 'rate', param: 't', direction: 'fall', amount: 5, window_s: 600 };
    const either: Condition = { op: 'rate', param: 't', direction: 'either', amount: 5, window_s: 600 };
    expect(check(rise, { t: 26 }, earlier(20))).toBe(true);
    expect(check(rise, { t: 24 }, earlier(20))).toBe(false);
    expect(check(fall, { t: 14 }, earlier(20))).toBe(true);
    expect(check(fall, { t: 26 }, earlier(20))).toBe(false);
    expect(check(either, { t: 14 }, earlier(20))).toBe(true);
    expect(check(rise, { t: 26 })).toBeNull();
  });

  it('see silence: no value of the parameter for N seconds', () => {
    const silent: Condition = { op: 'no_data', param: 't', for_s: 300 };
    const at = (seconds: number) => ({ at: T + seconds * 1_000 });
    expect(check(silent, { t: 1 }, at(299))).toBe(false);
    expect(check(silent, { t: 1 }, at(300))).toBe(true);
    expect(check(silent, {}, { ...at(400), silentSince: () => T })).toBe(true);
    expect(check(silent, {}, at(400))).toBeNull();
  });

  it('read boolean states stored as 1 and 0', () => {
    expect(check({ op: 'is_true', param: 'run' }, { run: 1 })).toBe(true);
    expect(check({ op: 'is_true', param: 'run' }, { run: 0 })).toBe(false);
    expect(check({ op: 'is_false', param: 'run' }, { run: 0 })).toBe(true);
  });

  it('evaluate CEL expressions over doubles by key, any key through params[…], failures as not met', () => {
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    const expr = (expression: string): Condition => ({ op: 'expression', expression });
    expect(check(expr('temperature > 80 && vibration > 4.5'), { temperature: 81, vibration: 5 })).toBe(true);
    expect(check(expr('temperature > 80 && vibration > 4.5'), { temperature: 81, vibration: 4 })).toBe(false);
    expect(check(expr('params["flow-rate"] < 2.5'), { 'flow-rate': 2 })).toBe(true);
    expect(check(expr('missing > 1'), { t: 1 }, { warn })).toBeNull();
    expect(check(expr('missing > 1'), { t: 1 }, { warn })).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(check(expr('t >'), { t: 1 }, { warn })).toBeNull();
    expect(check(expr('t + 1.0'), { t: 1 })).toBeNull();
  });

  it('combine with AND / OR groups in three values', () => {
    const hot: Condition = { op: 'gt', param: 't', value: 80 };
    const shaky: Condition = { op: 'gt', param: 'v', value: 4 };
    expect(check({ op: 'all', conditions: [hot, shaky] }, { t: 90, v: 5 })).toBe(true);
    expect(check({ op: 'all', conditions: [hot, shaky] }, { t: 90, v: 3 })).toBe(false);
    expect(check({ op: 'all', conditions: [hot, shaky] }, { t: 70 })).toBe(false);
    expect(check({ op: 'all', conditions: [hot, shaky] }, { t: 90 })).toBeNull();
    expect(check({ op: 'any', conditions: [hot, shaky] }, { t: 70, v: 5 })).toBe(true);
    expect(check({ op: 'any', conditions: [hot, shaky] }, { t: 90 })).toBe(true);
    expect(check({ op: 'any', conditions: [hot, shaky] }, { t: 70 })).toBeNull();
  });
});

describe('clearing', () => {
  const hot: Condition = { op: 'gt', param: 't', value: 80 };
  const clearsAt = (prepared: ReturnType<typeof prepareConditions>, t: number) => {
    const input = on({ t });
    return prepared.clears(input, evaluateCondition(hot, input));
  };

  it('inverse: as soon as the condition no longer holds', () => {
    const prepared = prepareConditions(hot, { kind: 'inverse' });
    expect([81, 80, 79].map((t) => clearsAt(prepared, t))).toEqual([false, true, true]);
  });

  it('hysteresis: only once the value is the amount back on the safe side', () => {
    const prepared = prepareConditions(hot, { kind: 'hysteresis', amount: 5 });
    expect([81, 79, 76, 75, 74].map((t) => clearsAt(prepared, t))).toEqual([false, false, false, true, true]);
    const low = prepareConditions({ op: 'lt', param: 't', value: 10 }, { kind: 'hysteresis', amount: 2 });
    expect([11, 12].map((t) => low.clears(on({ t }), t < 10))).toEqual([false, true]);
    const band = prepareConditions(
      { op: 'outside', param: 't', min: 10, max: 20 },
      { kind: 'hysteresis', amount: 2 },
    );
    expect([11, 12, 18, 19].map((t) => band.clears(on({ t }), false))).toEqual([false, true, true, false]);
  });

  it('a condition of its own', () => {
    const prepared = prepareConditions(hot, {
      kind: 'condition',
      condition: { op: 'lt', param: 't', value: 50 },
    });
    expect([79, 50, 49].map((t) => clearsAt(prepared, t))).toEqual([false, false, true]);
  });
});

describe('schedule', () => {
  const weekdays = { days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00', timezone: 'Europe/Berlin' };
  it('is active on its days and hours in its time zone', () => {
    // Monday 1 June 2026, 07:30 UTC = 09:30 in Berlin (summer time).
    expect(isScheduleActive(weekdays, Date.UTC(2026, 5, 1, 7, 30))).toBe(true);
    // 05:30 UTC = 07:30 in Berlin: before the start.
    expect(isScheduleActive(weekdays, Date.UTC(2026, 5, 1, 5, 30))).toBe(false);
    // Saturday.
    expect(isScheduleActive(weekdays, Date.UTC(2026, 5, 6, 10, 0))).toBe(false);
    const night = { days: [0, 1, 2, 3, 4, 5, 6], from: '22:00', to: '06:00', timezone: 'UTC' };
    expect(isScheduleActive(night, Date.UTC(2026, 5, 1, 23, 0))).toBe(true);
    expect(isScheduleActive(night, Date.UTC(2026, 5, 1, 5, 59))).toBe(true);
    expect(isScheduleActive(night, Date.UTC(2026, 5, 1, 12, 0))).toBe(false);
    expect(isScheduleActive(null, T)).toBe(true);
  });
});

describe('state machine', () => {
  const go = (
    state: 'ok' | 'pending' | 'firing',
    since: number | null,
    input: Partial<Parameters<typeof step>[1]>,
  ) => step({ state, since }, { matched: true, clears: false, at: T, forS: 600, active: true, ...input });

  it('goes pending at the first matching reading and fires once the duration is over', () => {
    expect(go('ok', null, {})).toEqual({ next: { state: 'pending', since: T }, event: 'pending' });
    expect(go('pending', T, { at: T + 599_000 }).event).toBe('none');
    expect(go('pending', T, { at: T + 600_000 })).toEqual({
      next: { state: 'firing', since: T + 600_000 },
      event: 'fire',
    });
    expect(go('ok', null, { forS: 0 }).event).toBe('fire');
    expect(go('pending', T, { matched: false, at: T + 1 }).event).toBe('reset');
  });

  it('starts nothing outside its schedule but still clears', () => {
    expect(go('ok', null, { active: false }).event).toBe('none');
    expect(go('pending', T, { active: false, at: T + 600_000 }).event).toBe('reset');
    expect(go('firing', T, { active: false, clears: true }).event).toBe('clear');
    expect(go('firing', T, { active: false, matched: false, clears: false }).event).toBe('none');
  });
});
