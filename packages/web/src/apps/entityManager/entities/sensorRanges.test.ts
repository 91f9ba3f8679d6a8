import { describe, expect, it } from 'vitest';
import { RANGE_SPECS, rangeQuery, SENSOR_RANGES } from './sensorRanges';

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
