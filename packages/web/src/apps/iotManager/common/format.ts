/** Small display helpers of the IoT Manager views. */

const DATE = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
const TIME = new Intl.DateTimeFormat('en', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

const valid = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** '12 Mar 2026'. */
export function formatDate(iso: string | null | undefined): string {
  const date = valid(iso);
  return date ? DATE.format(date) : '—';
}

/** '12 Mar, 14:03:22'. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = valid(iso);
  return date ? DATE_TIME.format(date) : '—';
}

/** '14:03:22' today, '12 Mar, 14:03:22' otherwise. */
export function formatLogTime(iso: string, now = new Date()): string {
  const date = valid(iso);
  if (!date) return '—';
  return date.toDateString() === now.toDateString() ? TIME.format(date) : DATE_TIME.format(date);
}

/** 'just now', '5 s ago', '3 min ago', '2 h ago', '4 d ago'; 'never' without a time. */
export function fromNow(iso: string | null | undefined, now = new Date()): string {
  const date = valid(iso);
  if (!date) return 'never';
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
}

/** '1 gateway', '3 gateways'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

/** '812 B', '1.4 KB', '12.3 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** A JSON value as one short line, e.g. for a command's value in a table. */
export function shortJson(value: unknown, max = 80): string {
  const text = value === undefined ? '' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
