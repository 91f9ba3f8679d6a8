/**
 * PostgreSQL's binary COPY format for telemetry rows and rollup deltas. Binary spares the server
 * parsing text timestamps and uuids, and ids and keys are converted once per series, not per point.
 */
import { deltaCount, type SeriesRun, type SliceRollups } from './batchPlan';
import { BinaryFields, binaryValues, DELTA_FIELDS, remember, writeDeltaFields } from './binaryFields';
import type { EncodeBuffers } from './encodeBuffers';

/** The column list raw rows fill, in order. */
export const TELEMETRY_COLUMNS = '(org_id, sensor_id, param_key, ts, value)';
/** The column list rollup delta rows fill, in order. */
export const ROLLUP_COLUMNS =
  '(org_id, sensor_id, param_key, bucket, count, sum, min, max, first_ts, first_value, last_ts, last_value)';

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // PGCOPY\n\377\r\n\0
/** Signature, flags and header extension length. */
const HEADER_BYTES = SIGNATURE.length + 8;

/** Appends binary COPY rows to a growing buffer. */
class BinaryCopyWriter extends BinaryFields {
  private readonly reused: boolean;

  /** `buffers`: where the stream's buffer comes from (reused), else it is made. */
  constructor(expectedBytes: number, buffers?: EncodeBuffers) {
    const bytes = Math.max(HEADER_BYTES + 2, expectedBytes);
    super(bytes, buffers?.take(bytes));
    this.reused = buffers !== undefined;
    this.bytes.set(SIGNATURE, 0);
    // Flags and header extension length: zero (a reused buffer holds an earlier stream's bytes).
    this.view.setInt32(SIGNATURE.length, 0);
    this.view.setInt32(SIGNATURE.length + 4, 0);
    this.at = HEADER_BYTES;
  }

  /** Starts a row of `fields` fields; `bytes` is an upper bound of its encoded size. */
  row(fields: number, bytes: number): void {
    this.reserve(bytes);
    this.fieldCount(fields);
  }

  /**
   * Rows of one series' points `[start, end)`: each the same leading fields (`prefix`, encoded once,
   * field count included), then the point's time and value. One loop with no call per point but the
   * prefix's copy, as it runs for every point ingested (measured: a byte loop for the prefix took
   * twice as long as `set`).
   */
  seriesRows(prefix: Uint8Array, ts: Float64Array, values: Float64Array, start: number, end: number): void {
    const rowBytes = prefix.length + 24;
    this.reserve((end - start) * rowBytes);
    const { bytes, view } = this;
    let at = this.at;
    for (let i = start; i < end; i++) {
      bytes.set(prefix, at);
      at += prefix.length;
      view.setInt32(at, 8);
      this.timestampAt(at + 4, ts[i] as number);
      view.setInt32(at + 12, 8);
      view.setFloat64(at + 16, values[i] as number);
      at += 24;
    }
    this.at = at;
  }

  /**
   * The finished stream: in a buffer of its own (so it can be transferred to a worker), or, written
   * into a reused buffer, a view of it (which goes back to EncodeBuffers once sent).
   */
  finish(): Uint8Array {
    this.reserve(2);
    this.view.setInt16(this.at, -1);
    this.at += 2;
    return this.reused ? this.bytes.subarray(0, this.at) : this.written();
  }
}

/** Row prefixes by organization, sensor and key (bounded like the converted ids they are made of). */
const prefixes = new Map<string, Uint8Array>();

/**
 * The fields every row of a series starts with: the field count, organization, sensor and key. Made
 * once per series, not per slice: every write meets the same series again.
 */
function seriesPrefix(series: SeriesRun['series']): Uint8Array {
  const key = `${series.orgId} ${series.sensorId} ${series.paramKey}`;
  let prefix = prefixes.get(key);
  if (!prefix) {
    const fields = new BinaryFields(64);
    fields.fieldCount(5);
    fields.raw(binaryValues.uuid(series.orgId));
    fields.raw(binaryValues.uuid(series.sensorId));
    fields.raw(binaryValues.text(series.paramKey));
    prefix = fields.written();
    remember(prefixes, key, prefix);
  }
  return prefix;
}

/** Raw rows (TELEMETRY_COLUMNS) of a slice; `buffers` lends the stream's buffer (give it back after). */
export function encodeTelemetry(slice: readonly SeriesRun[], buffers?: EncodeBuffers): Uint8Array {
  const rowPrefixes = slice.map(({ series }) => seriesPrefix(series));
  let exact = HEADER_BYTES + 2;
  slice.forEach((run, index) => {
    exact += (run.end - run.start) * ((rowPrefixes[index] as Uint8Array).length + 24);
  });
  const out = new BinaryCopyWriter(exact, buffers);
  slice.forEach(({ series, start, end }, index) => {
    out.seriesRows(rowPrefixes[index] as Uint8Array, series.ts, series.values, start, end);
  });
  return out.finish();
}

/** Rollup delta rows: `level` (the rollup's index in ROLLUPS), then ROLLUP_COLUMNS; `buffers` as above. */
export function encodeRollups(rollups: SliceRollups, buffers?: EncodeBuffers): Uint8Array {
  const out = new BinaryCopyWriter(deltaCount(rollups) * 181 + HEADER_BYTES + 2, buffers);
  // Every column goes to the one row stream.
  const columns = Array.from({ length: DELTA_FIELDS }, () => out);
  for (const [level, deltas] of rollups.entries()) {
    for (const d of deltas) {
      const key = binaryValues.text(d.paramKey);
      out.row(13, 2 + 6 + 20 * 2 + 4 + key.length + 12 * 9);
      out.int2(level);
      writeDeltaFields(d, binaryValues, columns);
    }
  }
  return out.finish();
}
