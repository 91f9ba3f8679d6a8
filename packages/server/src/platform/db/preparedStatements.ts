/**
 * Statements a bulk writer runs again and again with the same text (a telemetry slice's rollup
 * upserts, a few hundred times a second at full ingest). Marked with PREPARE, they are prepared once
 * per PostgreSQL connection under a name, then only bound and executed: the server no longer parses,
 * analyses and plans each one. PGlite sees only a comment.
 */
import { sql } from 'kysely';

const MARK = '/* prepare */';

/** Put first in a statement's text: `sql\`${PREPARE}with …\``. */
export const PREPARE = sql.raw(`${MARK} `);

/** Per distinct marked text, its name (the texts are a handful of fixed statements). */
const names = new Map<string, string>();

/** The name to prepare a statement under when its text is marked, else undefined. */
export function preparedName(text: string): string | undefined {
  if (!text.startsWith(MARK)) return undefined;
  let name = names.get(text);
  if (!name) {
    name = `ferrite_prepared_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}
