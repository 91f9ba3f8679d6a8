import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, renderWithProviders as render } from '../test-utils';
import { DateTime } from './DateTime';
import { compileDateFormat } from './dateFormat';
import {
  formatDate,
  formatDateTime,
  formatEventTime,
  formatFullDateTime,
  formatRelative,
} from './formatDateTime';

const AT = '2026-03-12T14:05:09.000Z';
const at = Date.parse(AT);
const MINUTE = 60_000;

beforeAll(installDomShims);
afterEach(cleanup);

describe('one way to show a time', () => {
  it('shows a date with the month named and no time of day', () => {
    const text = formatDate(AT);
    expect(text).toMatch(/Mar/);
    expect(text).toMatch(/2026/);
    expect(text).not.toMatch(/\d:\d/);
  });

  it('shows a date and time to the minute, and the full moment with its zone for tooltips', () => {
    expect(formatDateTime(AT)).toMatch(/2026.*\d{1,2}:\d{2}/);
    expect(formatDateTime(AT)).not.toMatch(/:09/);
    expect(formatFullDateTime(AT)).toMatch(/March.*2026.*:09/);
  });

  it('shows nothing yet, or text that is not a time, as a dash instead of "Invalid Date"', () => {
    for (const value of [null, undefined, '', 'not a time']) {
      expect(formatDate(value)).toBe('—');
      expect(formatDateTime(value)).toBe('—');
      expect(formatRelative(value)).toBe('—');
    }
  });

  it('says how long ago where recency matters, in the largest unit that fits', () => {
    expect(formatRelative(at - 2_000, at)).toBe('now');
    expect(formatRelative(at - 12_000, at)).toBe('12 seconds ago');
    expect(formatRelative(at - 3 * MINUTE, at)).toBe('3 minutes ago');
    expect(formatRelative(at - 150 * MINUTE, at)).toBe('2 hours ago');
    expect(formatRelative(at - 26 * 60 * MINUTE, at)).toBe('yesterday');
    expect(formatRelative(at + 6 * 24 * 60 * MINUTE, at)).toBe('in 6 days');
  });

  it('gives log times to the second, with the date only when it was not today', () => {
    expect(formatEventTime(AT, new Date(at + MINUTE))).not.toMatch(/2026/);
    expect(formatEventTime(AT, new Date(at + MINUTE))).toMatch(/:09/);
    expect(formatEventTime(AT, new Date(at + 3 * 24 * 60 * MINUTE))).toMatch(/2026.*:09/);
  });
});

describe("the reader's date format", () => {
  // Built from the parts of a local time, so the expectations hold in any time zone.
  const local = new Date(2026, 2, 7, 14, 5, 9);

  it('writes dates and times by the chosen pattern', () => {
    const format = compileDateFormat('DD.MM.YYYY HH:mm');
    expect(format.date(local)).toBe('07.03.2026');
    expect(format.dateTime(local)).toBe('07.03.2026 14:05');
    expect(format.dateSeconds(local)).toBe('07.03.2026 14:05:09');
    expect(format.timeSeconds(local)).toBe('14:05:09');
  });

  it('speaks twelve-hour clocks, month names and bracketed text', () => {
    expect(compileDateFormat('MM/DD/YYYY h:mm A').dateTime(local)).toBe('03/07/2026 2:05 PM');
    expect(compileDateFormat('D MMM YYYY, HH:mm').date(local)).toBe(
      `7 ${local.toLocaleString(undefined, { month: 'short' })} 2026`,
    );
    expect(compileDateFormat('YYYY-MM-DD[T]HH:mm').dateTime(local)).toBe('2026-03-07T14:05');
  });

  it('adds the time of day to a pattern that has only a date', () => {
    const format = compileDateFormat('YYYY-MM-DD');
    expect(format.date(local)).toBe('2026-03-07');
    expect(format.dateTime(local)).toBe('2026-03-07 14:05');
    expect(formatEventTime(local, new Date(2026, 2, 9), format)).toBe('2026-03-07 14:05:09');
  });

  it("falls back to the reader's language for 'locale', nothing, or a pattern without a date", () => {
    for (const pattern of ['locale', '', null, 'HH:mm', 'nonsense']) {
      expect(compileDateFormat(pattern).dateTime(local)).toBe(formatDateTime(local));
    }
  });
});

describe('<DateTime>', () => {
  it('is a time element carrying the instant, with the full date on hover', () => {
    render(<DateTime value={AT} />);
    const time = screen.getByText(formatDate(AT));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', AT);
    expect(time).toHaveAttribute('title', formatFullDateTime(AT));
  });

  it('says "3 minutes ago" when relative, keeping the full date in the title', () => {
    render(<DateTime value={AT} relative now={at + 3 * MINUTE} />);
    expect(screen.getByText('3 minutes ago')).toHaveAttribute('title', formatFullDateTime(AT));
  });

  it('shows the given word when there is no time', () => {
    render(<DateTime value={null} empty="Never" />);
    expect(screen.getByText('Never').tagName).not.toBe('TIME');
  });
});

describe('the views', () => {
  it('never format dates on their own, so one format shows everywhere', () => {
    const sources = import.meta.glob(
      ['../../apps/**/*.{ts,tsx}', '../../shared-views/**/*.{ts,tsx}', '!**/*.test.*'],
      {
        query: '?raw',
        import: 'default',
        eager: true,
      },
    ) as Record<string, string>;
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const own =
      /Intl\.DateTimeFormat|Intl\.RelativeTimeFormat|toLocaleDateString|toLocaleTimeString|toLocaleString\('en-GB'|toLocaleString\(\[\]|dayjs/;
    // The bare formatters write the reader's language, not the format the reader chose: views take
    // them bound to it from useTimes(), or draw <DateTime>.
    const unbound = /(?<![\w.])format(Date|DateTime|EventTime)\(/;
    const offenders = Object.entries(sources)
      .filter(([, text]) => own.test(text) || unbound.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
