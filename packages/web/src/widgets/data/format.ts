/** Number and time formatting shared by renderers, snapshots and exports. */

/**
 * One formatter per number of decimals: toLocaleString with options builds a new one on every call,
 * and a live dashboard formats hundreds of values a second (axis labels, gauges, KPIs).
 */
const numberFormats = new Map<number, Intl.NumberFormat>();

function numberFormat(decimals: number): Intl.NumberFormat {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format;
}

/** A value with the widget's decimals and unit, '—' for none. */
export function formatValue(value: number | null | undefined, decimals: number, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = numberFormat(decimals).format(value);
  return unit ? `${text} ${unit}` : text;
}

const tickFormats = new Map<number, Intl.NumberFormat>();

/**
 * An axis tick: up to `decimals` decimals, none that are zeros. Ticks are round numbers, so "70 °C" and
 * "0.5 bar" read better than "70.00 °C" and "0.50 bar", and a short label is never clipped.
 */
export function formatTick(value: number, decimals: number, unit = ''): string {
  let format = tickFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: decimals });
    tickFormats.set(decimals, format);
  }
  const text = format.format(value);
  return unit ? `${text} ${unit}` : text;
}

/**
 * The page's first number format loads the browser's locale data: 25–50 ms in Chromium on a slow
 * machine, which a dashboard opening used to pay in the middle of drawing its first values. Made while
 * the page waits (for its widgets' data) instead, once this code is loaded.
 */
if (typeof requestIdleCallback === 'function') requestIdleCallback(() => numberFormat(1));

/** An ISO-like local timestamp 'YYYY-MM-DD HH:mm:ss' for tables and files. */
export function formatTimestamp(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A signed change, e.g. '+1.50' or '−0.20'. */
export function formatDelta(delta: number, decimals: number): string {
  const text = Math.abs(delta).toFixed(decimals);
  return delta > 0 ? `+${text}` : delta < 0 ? `−${text}` : text;
}
