/**
 * Rollup deltas as binary array parameters (PostgreSQL's array_recv format), one per column, for the
 * unnest upsert on PostgreSQL. Text array literals meant a string per value and a joined string per
 * column, tens of megabytes of garbage a second at full ingest, which the main thread's collector
 * paid for in pauses that API requests waited behind; these are a few off-heap buffers per slice.
 * node-postgres sends a Buffer parameter in binary and the statement's casts name each one's type.
 */
import type { RollupDelta } from './batchPlan';
import { BinaryFields, binaryValues, writeDeltaFields } from './binaryFields';

/** Element types: their OID (pg_type, which array_recv checks) and typical size in bytes. */
const ELEMENT = {
  uuid: { oid: 2950, bytes: 16 },
  text: { oid: 25, bytes: 16 },
  timestamptz: { oid: 1184, bytes: 8 },
  int8: { oid: 20, bytes: 8 },
  float8: { oid: 701, bytes: 8 },
} as const;

/** Each column's element type, in ROLLUP_COLUMNS order. */
const COLUMN_TYPES: readonly (keyof typeof ELEMENT)[] = [
  'uuid',
  'uuid',
  'text',
  'timestamptz',
  'int8',
  'float8',
  'float8',
  'float8',
  'timestamptz',
  'float8',
  'timestamptz',
  'float8',
];

/** The SQL array type of each parameter rollupArrays answers, to cast it to in the statement. */
export const ROLLUP_ARRAY_TYPES = COLUMN_TYPES.map((type) => `${type}[]`);

/** One column's array: its header (one dimension, no nulls), then an element per delta. */
class BinaryArray extends BinaryFields {
  constructor(elementOid: number, count: number, elementBytes: number) {
    super(20 + count * (4 + elementBytes));
    for (const word of [1, 0, elementOid, count, 1]) {
      this.view.setInt32(this.at, word);
      this.at += 4;
    }
  }

  done(): Buffer {
    const bytes = this.written();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}

/** The deltas' columns in ROLLUP_COLUMNS order, each cast in the statement to its ROLLUP_ARRAY_TYPES. */
export function rollupArrays(deltas: readonly RollupDelta[]): Buffer[] {
  const n = deltas.length;
  const columns = COLUMN_TYPES.map((type) => new BinaryArray(ELEMENT[type].oid, n, ELEMENT[type].bytes));
  for (const d of deltas) writeDeltaFields(d, binaryValues, columns);
  return columns.map((column) => column.done());
}
