/**
 * How EChart updates a drawing: the structure of an option without its values. Two options of one shape
 * differ only in values (data, labels, colours, extents), so the second can be merged into the drawing
 * already there; a different shape (a series, axis, mark or graphic that came or went, a setting that
 * was set and is not any more) must replace it, since a merge would keep what the new option left out.
 */

/**
 * The option's shape as a string: object keys (a key whose value is undefined counts as absent being
 * different from present), array lengths and element shapes, and `data` arrays as one leaf whatever
 * their length (ECharts replaces them whole on a merge).
 */
export function optionShape(value: unknown, key = ''): string {
  if (Array.isArray(value)) {
    if (key === 'data') return 'D';
    let out = '[';
    for (const item of value) out += `${optionShape(item)},`;
    return `${out}]`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    let out = '{';
    for (const k of Object.keys(record).sort()) out += `${k}:${optionShape(record[k], k)},`;
    return `${out}}`;
  }
  if (value === undefined) return 'u';
  return typeof value === 'function' ? 'f' : 'v';
}
