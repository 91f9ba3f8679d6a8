import { describe, expect, it } from 'vitest';
import { isoOfMs, isoOfTime } from './isoTime';

describe('isoOfMs', () => {
  it('writes what Date#toISOString writes, at the edges and across the calendar', () => {
    const edges = [
      0,
      -1,
      1,
      951_782_400_000, // 2000-02-29
      4_107_542_399_999, // 2100-02-28T23:59:59.999
      Date.parse('1900-03-01T00:00:00Z'),
      Date.parse('0000-01-01T00:00:00Z'),
      Date.parse('0000-01-01T00:00:00Z') - 1,
      Date.parse('9999-12-31T23:59:59.999Z'),
      Date.parse('9999-12-31T23:59:59.999Z') + 1,
      1_700_000_000_123.9,
      -1_700_000_000_123.9,
    ];
    for (const ms of edges) expect(isoOfMs(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('agrees with Date#toISOString on a hundred thousand times from year 0 to 9999', () => {
    let state = 7;
    const from = Date.parse('0000-01-01T00:00:00Z');
    const span = Date.parse('9999-12-31T23:59:59.999Z') - from;
    const differing: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      const ms = from + Math.floor((state / 2_147_483_648) * span);
      if (isoOfMs(ms) !== new Date(ms).toISOString()) differing.push(new Date(ms).toISOString());
    }
    expect(differing).toEqual([]);
  });
});

describe('isoOfTime', () => {
  it('writes the microseconds of a time that has them, and whole milliseconds as isoOfMs', () => {
    const ms = Date.UTC(2026, 6, 1, 8, 0, 0, 123);
    expect(isoOfTime(ms)).toBe('2026-07-01T08:00:00.123Z');
    expect(isoOfTime((ms * 1000 + 1) / 1000)).toBe('2026-07-01T08:00:00.123001Z');
    expect(isoOfTime((ms * 1000 + 999) / 1000)).toBe('2026-07-01T08:00:00.123999Z');
    expect(isoOfTime((Date.UTC(2026, 0, 1) * 1000 - 1) / 1000)).toBe('2025-12-31T23:59:59.999999Z');
  });
});
