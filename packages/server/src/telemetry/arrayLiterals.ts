/**
 * PostgreSQL array literals for unnest parameters, built directly: the driver's generic conversion
 * quotes and escapes every element (a third of the rollup upsert's time in the ingest profile), while
 * UUIDs and finite numbers (times go as epoch microseconds) need neither and only free text is quoted.
 */

/** `{a,b,c}` for elements that need no quoting: checked UUIDs and finite numbers. */
export function plainArray(values: readonly (string | number)[]): string {
  return `{${values.join(',')}}`;
}

/** `{"a","b"}` for free text: every element quoted, backslashes and double quotes escaped. */
export function textArray(values: readonly string[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) literal += ',';
    literal += `"${(values[i] as string).replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${literal}}`;
}
