/**
 * Messages between the main thread and the PGlite worker (`worker.mjs`). Everything crosses by
 * structured clone, which keeps Date, Uint8Array, bigint, arrays and plain objects intact.
 */

/** What the worker opens: a data directory, or an in-memory database (optionally from a dump). */
export interface WorkerInit {
  dataDir?: string;
  /** A `dumpDataDir()` tarball, transferred to the worker. */
  loadDataDir?: ArrayBuffer;
}

export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: readonly unknown[]; blob?: Uint8Array }
  /** Several statements without parameters (a library's migration script); answers with the last result. */
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A PGlite `Results` without the blob: rows, fields, command, affectedRows, rowCount. */
export interface WorkerQueryResult {
  rows: Record<string, unknown>[];
  fields: { name: string; dataTypeID: number }[];
  command?: string;
  affectedRows?: number;
  rowCount?: number;
}

/** An error's own fields (PostgreSQL's code, constraint, detail, … plus message, name and stack). */
export type WorkerError = { message: string; name?: string; stack?: string } & Record<string, unknown>;

export type WorkerResponse =
  | { type: 'ready' }
  | { type: 'failed'; error: WorkerError }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: WorkerError };
