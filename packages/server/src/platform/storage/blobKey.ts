/** Blob keys: the same safe relative paths in every store (a directory tree, a table, a bucket). */

/** Key segments hold letters, digits, `_ . -` only; `.` and `..` are refused. */
const SEGMENT = /^[\w.-]{1,200}$/;

/** Throws unless the key is a safe relative path; answers its segments. */
export function keySegments(key: string): string[] {
  const segments = key.split('/');
  if (segments.length > 8 || segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..')) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
  return segments;
}
