import type { WidgetDataQuery, WidgetInstance, WidgetInstanceDataResponse } from '@ferrite/contracts';
import { describe, expect, it, vi } from 'vitest';
import { instanceFixture } from './testing';
import { cardReadQuery, READ_AHEAD_MS, readAheadMatches, withReadAhead } from './widgetReadAhead';

const T0 = Date.parse('2026-05-01T10:00:00.000Z');

/** A reader that answers every read with a fresh answer, and remembers what it was asked. */
function reader() {
  const asked: { id: string; query: WidgetDataQuery }[] = [];
  const read = vi.fn((instance: WidgetInstance, query: WidgetDataQuery) => {
    asked.push({ id: instance.id, query });
    return Promise.resolve({ read: asked.length } as unknown as WidgetInstanceDataResponse);
  });
  return { read, asked };
}

const hourly = (toMs: number): WidgetDataQuery => ({
  aggregate_func: 'avg',
  from_date: new Date(toMs - 3_600_000).toISOString(),
  to_date: new Date(toMs).toISOString(),
  group_interval: 1,
  group_interval_type: 'minute',
  type: 'aggregate',
});

describe('a read started ahead', () => {
  it('serves the same read asked a moment later: the same window slid forward, or any window for the newest N', () => {
    expect(readAheadMatches(hourly(T0), hourly(T0 + 300))).toBe(true);
    expect(readAheadMatches(hourly(T0), hourly(T0 + READ_AHEAD_MS))).toBe(true);
    // Too late, earlier than the read, another length, another aggregate.
    expect(readAheadMatches(hourly(T0), hourly(T0 + READ_AHEAD_MS + 1))).toBe(false);
    expect(readAheadMatches(hourly(T0), hourly(T0 - 1))).toBe(false);
    expect(readAheadMatches(hourly(T0), { ...hourly(T0 + 300), from_date: hourly(T0).from_date })).toBe(
      false,
    );
    expect(readAheadMatches(hourly(T0), { ...hourly(T0), aggregate_func: 'max' })).toBe(false);
    const newest = { ...hourly(T0), type: 'raw' as const, last: 100 };
    expect(readAheadMatches(newest, { ...hourly(T0 + 60_000), type: 'raw', last: 100 })).toBe(true);
    expect(readAheadMatches(newest, { ...hourly(T0), type: 'raw', last: 50 })).toBe(false);
  });

  it('is the read the card makes, once, and the card of a changed widget or a later one reads afresh', async () => {
    let now = T0;
    const { read, asked } = reader();
    const { readWidget, readAhead } = withReadAhead(read, () => now);
    const kpi = instanceFixture('kpi.basic', 'power', { id: 'w-kpi' });
    const line = instanceFixture('line.basic', 'power', { id: 'w-line' });
    const text = instanceFixture('text.note', 'power', { id: 'w-text' });
    const gauge = instanceFixture('gauge.basic', 'power', { id: 'w-gauge' });
    readAhead([kpi, line, text, gauge]);
    // Text reads nothing, so nothing was started for it.
    expect(asked.map((a) => a.id)).toEqual(['w-kpi', 'w-line', 'w-gauge']);
    const started = await Promise.all(read.mock.results.map((r) => r.value));

    now = T0 + 400;
    const at = new Date(now);
    // The card asks with its own clock: the answer started ahead is handed over, no new read.
    await expect(readWidget(kpi, cardReadQuery(kpi, at) as WidgetDataQuery)).resolves.toBe(started[0]);
    await expect(readWidget(line, cardReadQuery(line, at) as WidgetDataQuery)).resolves.toBe(started[1]);
    expect(read).toHaveBeenCalledTimes(3);
    // Only once: a second ask (a refresh) reads again.
    await readWidget(kpi, cardReadQuery(kpi, at) as WidgetDataQuery);
    expect(read).toHaveBeenCalledTimes(4);

    // A widget edited since (another updated_at) is read as it is now.
    const edited = { ...gauge, updated_at: '2026-05-01T10:00:01.000Z' };
    await readWidget(edited, cardReadQuery(edited, at) as WidgetDataQuery);
    expect(read).toHaveBeenCalledTimes(5);
    expect(asked[4]?.id).toBe('w-gauge');

    // A read started longer ago than READ_AHEAD_MS is not handed over.
    readAhead([line]);
    now += READ_AHEAD_MS + 1;
    await readWidget(line, cardReadQuery(line, new Date(now)) as WidgetDataQuery);
    expect(read).toHaveBeenCalledTimes(7);
  });

  it('a failed read started ahead fails the card that takes it', async () => {
    const failure = new Error('gone');
    const read = vi.fn(() => Promise.reject(failure));
    const { readWidget, readAhead } = withReadAhead(read, () => T0);
    const kpi = instanceFixture('kpi.basic', 'power', { id: 'w-kpi' });
    readAhead([kpi]);
    await expect(readWidget(kpi, cardReadQuery(kpi, new Date(T0)) as WidgetDataQuery)).rejects.toBe(failure);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
