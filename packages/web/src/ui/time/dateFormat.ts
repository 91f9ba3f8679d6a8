/**
 * The reader's date format (profile data_settings.date_format) turned into the product's four ways of
 * writing a moment. A format is a pattern of tokens ("YYYY-MM-DD HH:mm", "DD.MM.YYYY h:mm A", text in
 * [brackets] kept as it is); "locale", an empty or an unreadable pattern is the reader's own language
 * through Intl. One pattern gives all four: its date part alone for dates, its time part (or HH:mm)
 * for times of day, with seconds added where a log needs them.
 */

/** How one reader writes a moment; every formatter of `formatDateTime.ts` goes through one. */
export interface TimeFormat {
  /** "2026-03-12". */
  date: (date: Date) => string;
  /** "2026-03-12 14:05". */
  dateTime: (date: Date) => string;
  /** "2026-03-12 14:05:09". */
  dateSeconds: (date: Date) => string;
  /** "14:05:09". */
  timeSeconds: (date: Date) => string;
}

/** The stored value that asks for the reader's language instead of a pattern. */
export const LOCALE_DATE_FORMAT = 'locale';

/** The formats the settings offer; any other pattern of the tokens below works too. */
export const DATE_FORMAT_CHOICES = [
  LOCALE_DATE_FORMAT,
  'YYYY-MM-DD HH:mm',
  'DD.MM.YYYY HH:mm',
  'DD/MM/YYYY HH:mm',
  'MM/DD/YYYY h:mm A',
  'D MMM YYYY, HH:mm',
] as const;

const localeFormat = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat(undefined, options);
  return (date: Date) => format.format(date);
};

/** The reader's language: "12 Mar 2026, 14:05" / "Mar 12, 2026, 2:05 PM". */
export const LOCALE_TIME_FORMAT: TimeFormat = {
  date: localeFormat({ dateStyle: 'medium' }),
  dateTime: localeFormat({ dateStyle: 'medium', timeStyle: 'short' }),
  dateSeconds: localeFormat({ dateStyle: 'medium', timeStyle: 'medium' }),
  timeSeconds: localeFormat({ timeStyle: 'medium' }),
};

const TOKEN = /\[[^\]]*\]|YYYY|YY|MMMM|MMM|MM|M|DD|D|HH|H|hh|h|mm|ss|A|a/g;
const HOUR = /^(HH|H|hh|h)$/;
const DATE_TOKEN = /^(YYYY|YY|MMMM|MMM|MM|M|DD|D)$/;

type Part = { token: string } | { text: string };

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const MONTH_SHORT = new Intl.DateTimeFormat(undefined, { month: 'short' });
const MONTH_LONG = new Intl.DateTimeFormat(undefined, { month: 'long' });

function tokenText(token: string, date: Date): string {
  const hours = date.getHours();
  const twelve = hours % 12 || 12;
  switch (token) {
    case 'YYYY':
      return String(date.getFullYear());
    case 'YY':
      return pad(date.getFullYear() % 100);
    case 'MMMM':
      return MONTH_LONG.format(date);
    case 'MMM':
      return MONTH_SHORT.format(date);
    case 'MM':
      return pad(date.getMonth() + 1);
    case 'M':
      return String(date.getMonth() + 1);
    case 'DD':
      return pad(date.getDate());
    case 'D':
      return String(date.getDate());
    case 'HH':
      return pad(hours);
    case 'H':
      return String(hours);
    case 'hh':
      return pad(twelve);
    case 'h':
      return String(twelve);
    case 'mm':
      return pad(date.getMinutes());
    case 'ss':
      return pad(date.getSeconds());
    case 'A':
      return hours < 12 ? 'AM' : 'PM';
    default:
      return hours < 12 ? 'am' : 'pm';
  }
}

function parse(pattern: string): Part[] {
  const parts: Part[] = [];
  let at = 0;
  for (const match of pattern.matchAll(TOKEN)) {
    if (match.index > at) parts.push({ text: pattern.slice(at, match.index) });
    const token = match[0];
    parts.push(token.startsWith('[') ? { text: token.slice(1, -1) } : { token });
    at = match.index + token.length;
  }
  if (at < pattern.length) parts.push({ text: pattern.slice(at) });
  return parts;
}

const isToken = (part: Part | undefined, kind: RegExp) => !!part && 'token' in part && kind.test(part.token);

/** Drops literal text at either end ("YYYY-MM-DD, " → "YYYY-MM-DD"). */
function trimText(parts: Part[]): Part[] {
  const first = parts.findIndex((part) => 'token' in part);
  if (first < 0) return [];
  let last = parts.length - 1;
  while (!('token' in (parts[last] as Part))) last -= 1;
  return parts.slice(first, last + 1);
}

/** The time part with seconds after its minutes, unless it has them already. */
function withSeconds(time: Part[]): Part[] {
  if (time.some((part) => 'token' in part && part.token === 'ss')) return time;
  const minutes = time.findIndex((part) => 'token' in part && part.token === 'mm');
  if (minutes < 0) return time;
  return [...time.slice(0, minutes + 1), { text: ':' }, { token: 'ss' }, ...time.slice(minutes + 1)];
}

const render = (parts: Part[]) => (date: Date) =>
  parts.map((part) => ('token' in part ? tokenText(part.token, date) : part.text)).join('');

/** The format a stored pattern stands for; anything without a date in it is the reader's language. */
export function compileDateFormat(pattern: string | null | undefined): TimeFormat {
  if (!pattern || pattern === LOCALE_DATE_FORMAT) return LOCALE_TIME_FORMAT;
  const parts = parse(pattern);
  if (!parts.some((part) => isToken(part, DATE_TOKEN))) return LOCALE_TIME_FORMAT;
  const hourAt = parts.findIndex((part) => isToken(part, HOUR));
  const datePart = trimText(hourAt < 0 ? parts : parts.slice(0, hourAt));
  const timePart = hourAt < 0 ? parse('HH:mm') : trimText(parts.slice(hourAt));
  const full = hourAt < 0 ? [...datePart, { text: ' ' }, ...timePart] : parts;
  return {
    date: render(datePart),
    dateTime: render(full),
    dateSeconds: render(
      hourAt < 0 ? [...datePart, { text: ' ' }, ...withSeconds(timePart)] : withSeconds(parts),
    ),
    timeSeconds: render(withSeconds(timePart)),
  };
}
