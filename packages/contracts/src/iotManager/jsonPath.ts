/**
 * The JSON paths mappings use: `temp`, `data.temp`, `$.data.temp`, `sensors[2].value`,
 * `data['odd key']`. A small, strict subset (no wildcards or filters) so a path names exactly one
 * field, and the mapping screen and the ingest pipeline read it the same way.
 */

export type JsonPathStep = string | number;

/** The steps of a path, or an error saying what is wrong with it. */
export function parseJsonPath(path: string): { steps: JsonPathStep[] } | { error: string } {
  let text = path.trim();
  if (text.startsWith('$')) text = text.slice(1);
  const steps: JsonPathStep[] = [];
  let index = 0;
  if (text.length > 0 && text[0] !== '.' && text[0] !== '[') text = `.${text}`;
  while (index < text.length) {
    const char = text[index];
    if (char === '.') {
      const match = /^[^.[\]'"]+/.exec(text.slice(index + 1));
      if (!match) return { error: `Expected a field name at position ${index + 1}` };
      steps.push(match[0]);
      index += 1 + match[0].length;
    } else if (char === '[') {
      const rest = text.slice(index);
      const numeric = /^\[(\d+)\]/.exec(rest);
      const quoted = /^\[(['"])(.*?)\1\]/.exec(rest);
      if (numeric) {
        steps.push(Number(numeric[1]));
        index += numeric[0].length;
      } else if (quoted) {
        steps.push(quoted[2] ?? '');
        index += quoted[0].length;
      } else {
        return { error: `Expected [index] or ['name'] at position ${index}` };
      }
    } else {
      return { error: `Unexpected "${char}" at position ${index}` };
    }
  }
  if (steps.length === 0) return { error: 'A JSON path names at least one field' };
  return { steps };
}

/** Follows parsed steps into a value; undefined when any step is missing. */
export function readJsonPath(value: unknown, steps: readonly JsonPathStep[]): unknown {
  let current: unknown = value;
  for (const step of steps) {
    if (current === null || typeof current !== 'object') return undefined;
    if (typeof step === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[step];
    } else {
      if (Array.isArray(current) || !Object.hasOwn(current, step)) return undefined;
      current = (current as Record<string, unknown>)[step];
    }
  }
  return current;
}

/** Every leaf path of a sample reading, for suggesting mappings (`a.b`, `list[0]`). */
export function leafPaths(value: unknown, prefix = '', limit = 500): string[] {
  const out: string[] = [];
  const visit = (node: unknown, path: string) => {
    if (out.length >= limit) return;
    if (node !== null && typeof node === 'object') {
      if (Array.isArray(node)) {
        node.forEach((child, i) => {
          visit(child, `${path}[${i}]`);
        });
      } else
        for (const [key, child] of Object.entries(node)) {
          const simple = /^[A-Za-z_][\w-]*$/.test(key);
          visit(child, simple ? (path ? `${path}.${key}` : key) : `${path}['${key.replaceAll("'", '')}']`);
        }
    } else if (path) {
      out.push(path);
    }
  };
  visit(value, prefix);
  return out;
}
