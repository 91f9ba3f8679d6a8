import { describe, expect, it } from 'vitest';
import { RANGE_SPECS, rangeQuery, relativeTime, SENSOR_RANGES } from './sensorRanges';

const NOW = new Date('2026-11-21T12:00:00.000Z');

describe('rangeQuery', () => {
  it.each([
    ['hour', 1, 'minute', '2026-11-21T11:00:00.000Z'],
    ['day', 15, 'minute', '2026-11-20T12:00:00.000Z'],
    ['week', 2, 'hour', '2026-11-14T12:00:00.000Z'],
    ['month', 1, 'day', '2026-10-22T12:00:00.000Z'],
  ] as const)('maps %s to %i-%s avg buckets over its window', (range, interval, type, from) => {
    expect(rangeQuery(range, NOW)).toEqual({
      aggregate_func: 'avg',
      group_interval: interval,
      group_interval_type: type,
      from_date: from,
      to_date: '2026-11-21T12:00:00.000Z',
    });
  });

  it('labels every range', () => {
    expect(SENSOR_RANGES.map((r) => RANGE_SPECS[r].label)).toEqual([
      'Last hour',
      'Last 24 hours',
      'Last 7 days',
      'Last 30 days',
    ]);
  });
});

describe('relativeTime', () => {
  it('reads as just now, seconds, minutes, hours and days', () => {
    expect(relativeTime('2026-11-21T12:00:00.400Z', NOW)).toBe('just now');
    expect(relativeTime('2026-11-21T11:59:59.600Z', NOW)).toBe('just now');
    expect(relativeTime('2026-11-21T11:59:44.000Z', NOW)).toBe('16 s ago');
    expect(relativeTime('2026-11-21T11:58:00.000Z', NOW)).toBe('2 min ago');
    expect(relativeTime('2026-11-21T09:00:00.000Z', NOW)).toBe('3 h ago');
    expect(relativeTime('2026-11-16T12:00:00.000Z', NOW)).toBe('5 d ago');
  });
});
