/**
 * Rollup deltas as binary array parameters (PostgreSQL's array_recv format), one per column, for the
 * unnest upsert on PostgreSQL. Text array literals meant a string per value and a joined string per
 * column, tens of megabytes of garbage a second at full ingest, which the main thread's collector
 * paid for in pauses that API requests waited behind; these are a few off-heap buffers per slice.
 * node-postgres sends a Buffer parameter in binary and the statement's casts name each one's type.
 */
import type { RollupDelta } from './batchPlan';
import { BinaryFields, BinaryValues, writeDeltaFields } from './binaryFields';

/** Element type OIDs (pg_type), which array_recv checks against the parameter's declared type. */
const OID = { int8: 20, text: 25, float8: 701, timestamptz: 1184, uuid: 2950 } as const;

/** Each column's element type and typical element size, in ROLLUP_COLUMNS order. */
const COLUMN_TYPES: [oid: number, bytes: number][] = [
  [OID.uuid, 16],
  [OID.uuid, 16],
  [OID.text, 16],
  [OID.timestamptz, 8],
  [OID.int8, 8],
  [OID.float8, 8],
  [OID.float8, 8],
  [OID.float8, 8],
  [OID.timestamptz, 8],
  [OID.float8, 8],
  [OID.timestamptz, 8],
  [OID.float8, 8],
];

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

/**
 * The deltas' columns in ROLLUP_COLUMNS order, to be cast in the statement as uuid[], uuid[], text[],
 * timestamptz[], int8[], float8[] ×3, timestamptz[], float8[], timestamptz[], float8[].
 */
export function rollupArrays(deltas: readonly RollupDelta[]): Buffer[] {
  const n = deltas.length;
  const values = new BinaryValues();
  const columns = COLUMN_TYPES.map(([oid, bytes]) => new BinaryArray(oid, n, bytes));
  for (const d of deltas) writeDeltaFields(d, values, columns);
  return columns.map((column) => column.done());
}
