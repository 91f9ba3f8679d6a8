/**
 * Bulk writes on either engine: COPY inside whatever transaction the caller holds, and what a bulk
 * writer should know about the engine (one session or a pool). The rows travel as the single
 * parameter of a CompiledQuery; the connection that meets a `CopyFrom` runs `COPY … FROM STDIN` (pg,
 * through pg-copy-streams) or `COPY … FROM '/dev/blob'` (the PGlite worker).
 */
import { CompiledQuery, type Kysely } from 'kysely';

/**
 * A COPY request: the target (`table (col, …)`, already quoted), its format and the encoded rows.
 * On PGlite a `data` that fills its own ArrayBuffer is moved to the worker, not copied: it is empty
 * (detached) afterwards, so encode again rather than reuse it.
 */
export class CopyFrom {
  constructor(
    readonly target: string,
    readonly format: 'text' | 'binary',
    readonly data: Uint8Array,
  ) {}

  /** The statement for a given source: `stdin` or a quoted file name. */
  statement(source: string): string {
    return `copy ${this.target} from ${source} with (format ${this.format})`;
  }
}

/** What a database opened by openDatabase can do for bulk writers. */
export interface BulkTraits {
  /** `copyRows` works (inside transactions of this instance too). */
  copy: boolean;
  /**
   * One connection and one session serve everyone (PGlite): a long write transaction stalls every
   * other query, nothing runs in parallel, and session state (temp tables) lasts until close.
   */
  singleSession: boolean;
  /**
   * A Buffer parameter goes to the server in binary (node-postgres does; PGlite sends text), so a
   * statement can take binary arrays (array_recv format) instead of text literals.
   */
  binaryParameters?: boolean;
  /**
   * Single session only: whether other callers wait for the connection right now, so a writer
   * holding it in a transaction should commit at the next step.
   */
  othersWaiting?: () => boolean;
  /**
   * Single session only, awaited before each write transaction: when someone else holds or awaits the
   * connection, resolves once it has been free for a moment (bounded), so the writer does not slip in
   * between two queries of one API request and make each of them wait for a slice.
   */
  makeWay?: () => Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: any database schema
type AnyKysely = Kysely<any>;

const traits = new WeakMap<object, BulkTraits>();

/** Records what the database behind a (root) Kysely instance can do; called by openDatabase. */
export function registerBulkTraits(db: AnyKysely, bulk: BulkTraits): void {
  traits.set(db, bulk);
}

/** What the database behind a root Kysely instance can do (nothing special when unknown). */
export function bulkTraits(db: AnyKysely): BulkTraits {
  return traits.get(db) ?? { copy: false, singleSession: false };
}

/** Loads encoded rows with COPY on `db`: a copy-capable instance or one of its transactions. */
export async function copyRows(db: AnyKysely, copy: CopyFrom): Promise<void> {
  await db.executeQuery(CompiledQuery.raw(copy.statement('stdin'), [copy]));
}
