/**
 * A readable before/after of an audit entry: both sides flattened to dotted paths
 * ("location.address", "members[0].name") and compared path by path.
 */

export type ChangeKind = 'added' | 'removed' | 'changed' | 'same';

export interface DiffRow {
  path: string;
  before: string | undefined;
  after: string | undefined;
  kind: ChangeKind;
}

/** Leaf values as display text; strings without quotes, empty arrays and objects spelled out. */
function text(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (Array.isArray(value)) return '[]';
  if (typeof value === 'object') return '{}';
  return String(value);
}

/** Every leaf of a JSON value by path; a scalar at the top sits under "value". */
export function flatten(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (value === undefined) return into;
  const isContainer = value !== null && typeof value === 'object';
  const entries = isContainer ? Object.entries(value as object) : [];
  if (!isContainer || entries.length === 0) {
    into.set(prefix || 'value', text(value));
    return into;
  }
  for (const [key, child] of entries) {
    const path = Array.isArray(value) ? `${prefix}[${key}]` : prefix ? `${prefix}.${key}` : key;
    flatten(child, path, into);
  }
  return into;
}

// Bookkeeping fields change on every write and say nothing a reader needs.
const NOISE = /(^|\.)(updated_at|id)$/;

/** The rows of the diff in a stable order: the before side's paths first, then paths only after has. */
export function diffEntries(before: unknown, after: unknown): DiffRow[] {
  // The log stores null for "nothing" (no before on a creation, no after on a deletion).
  const left = flatten(before ?? undefined);
  const right = flatten(after ?? undefined);
  const paths = [...left.keys(), ...[...right.keys()].filter((p) => !left.has(p))];
  return paths
    .filter((path) => !NOISE.test(path) || left.get(path) !== right.get(path))
    .map((path) => {
      const b = left.get(path);
      const a = right.get(path);
      const kind: ChangeKind =
        b === undefined ? 'added' : a === undefined ? 'removed' : a === b ? 'same' : 'changed';
      return { path, before: b, after: a, kind };
    });
}
