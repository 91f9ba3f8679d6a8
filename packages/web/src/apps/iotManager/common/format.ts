/** Small display helpers of the IoT Manager views (times: ui/time). */

export { plural } from '../../../ui/plural';

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
