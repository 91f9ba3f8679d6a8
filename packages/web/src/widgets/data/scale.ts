/**
 * The scale and decimals a new widget starts with, from what is known about the parameter it reads:
 * the sensor type's `<key>.min` / `<key>.max` properties (how the Entity Manager records a parameter's
 * range), else the values seen. A vibration in mm/s on a 0–100 dial, or "70.00 °C", says the widget was
 * never fitted to its sensor.
 */

/** A dial's or colour scale's ends. */
export interface ScaleRange {
  min: number;
  max: number;
}

/** The parameter's range from its type's properties, or null when the type does not give both ends. */
export function parameterRange(
  properties: readonly { key: string; value: string }[],
  paramKey: string,
): ScaleRange | null {
  const read = (end: 'min' | 'max') => {
    const text = properties.find((p) => p.key === `${paramKey}.${end}`)?.value.trim() ?? '';
    const value = text === '' ? Number.NaN : Number(text);
    return Number.isFinite(value) ? value : null;
  };
  const min = read('min');
  const max = read('max');
  return min !== null && max !== null && max > min ? { min, max } : null;
}

/** The 1-2-5 step at or above `x` (x > 0). */
function niceStep(x: number): number {
  const power = 10 ** Math.floor(Math.log10(x));
  const fraction = x / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

/**
 * A round range holding every value seen with some headroom: from 0 when nothing is negative (a dial
 * that starts at the lowest value seen exaggerates small changes), to the next round number above.
 */
export function niceRange(values: readonly number[]): ScaleRange | null {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return null;
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  const min = low >= 0 ? 0 : -niceCeil(-low * 1.1);
  const top = high <= 0 ? 0 : niceCeil(high * 1.2);
  return { min, max: top > min ? top : min + 1 };
}

/** The smallest number of the form k × (1-2-5 step / 2) that is at least x. */
function niceCeil(x: number): number {
  if (x <= 0) return 0;
  const step = niceStep(x) / 10;
  return Math.ceil(x / step - 1e-9) * step;
}

/** Units whose readings are whole numbers in practice. */
const WHOLE_UNITS = new Set(['rpm', 'pcs', 'count', 'ppm', 'lux', 'lx', 'w', 'va', 'var', 'pa', 'dbm']);

/**
 * Decimals that show readings of this size without noise: whole numbers keep none; otherwise the typical
 * (median) magnitude decides (≥ 100 → 0, ≥ 10 → 1, ≥ 1 → 2, smaller → 3), and percentages and whole-number
 * units keep at most one.
 */
export function decimalsFor(values: readonly number[], unit = ''): number {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return 1;
  if (finite.every(Number.isInteger)) return 0;
  const sorted = finite.map(Math.abs).sort((a, b) => a - b);
  const typical = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const byMagnitude = typical >= 100 ? 0 : typical >= 10 ? 1 : typical >= 1 ? 2 : 3;
  const u = unit.trim().toLowerCase();
  if (u === '%' || WHOLE_UNITS.has(u)) return Math.min(byMagnitude, u === '%' ? 1 : 0);
  return byMagnitude;
}

/** The scale and decimals for a new widget: the type's range when it has one, else what the data shows. */
export function fittedScale(
  typeRange: ScaleRange | null,
  values: readonly number[],
  unit = '',
): { range: ScaleRange | null; decimals: number | null } {
  const range = typeRange ?? niceRange(values);
  if (values.length > 0) return { range, decimals: decimalsFor(values, unit) };
  // Without readings the range's size says how fine the readings are: 0–150 °C → 1, 0–2.5 bar → 2.
  if (!range) return { range: null, decimals: null };
  const span = range.max - range.min;
  return { range, decimals: span >= 500 ? 0 : span >= 20 ? 1 : span >= 2 ? 2 : 3 };
}
