/**
 * PostgreSQL's binary COPY format for telemetry rows and rollup deltas. Binary spares the server
 * parsing text timestamps and uuids, and ids and keys are converted once per series, not per point.
 */
import { deltaCount, type SeriesRun, type SliceRollups } from './batchPlan';

/** The column list raw rows fill, in order. */
export const TELEMETRY_COLUMNS = '(org_id, sensor_id, param_key, ts, value)';
/** The column list rollup delta rows fill, in order. */
export const ROLLUP_COLUMNS =
  '(org_id, sensor_id, param_key, bucket, count, sum, min, max, first_ts, first_value, last_ts, last_value)';

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // PGCOPY\n\377\r\n\0
/** Signature, flags and header extension length. */
const HEADER_BYTES = SIGNATURE.length + 8;
/** PostgreSQL timestamps count microseconds from 2000-01-01T00:00:00Z. */
const PG_EPOCH_MS = 946_684_800_000;
const utf8 = new TextEncoder();

/** Appends binary COPY rows to a growing buffer. */
class BinaryCopyWriter {
  private bytes: Uint8Array;
  private view: DataView;
  private at = 0;

  constructor(expectedBytes: number) {
    this.bytes = new Uint8Array(Math.max(HEADER_BYTES + 2, expectedBytes));
    this.view = new DataView(this.bytes.buffer);
    this.bytes.set(SIGNATURE, 0);
    // Flags and header extension length: zero.
    this.at = HEADER_BYTES;
  }

  /** Starts a row of `fields` fields; `bytes` is an upper bound of its encoded size. */
  row(fields: number, bytes: number): void {
    this.reserve(bytes);
    this.view.setInt16(this.at, fields);
    this.at += 2;
  }

  raw(value: Uint8Array): void {
    this.view.setInt32(this.at, value.length);
    this.bytes.set(value, this.at + 4);
    this.at += 4 + value.length;
  }

  int2(value: number): void {
    this.view.setInt32(this.at, 2);
    this.view.setInt16(this.at + 4, value);
    this.at += 6;
  }

  float8(value: number): void {
    this.view.setInt32(this.at, 8);
    this.view.setFloat64(this.at + 4, value);
    this.at += 12;
  }

  int8(value: number): void {
    this.view.setInt32(this.at, 8);
    this.view.setBigInt64(this.at + 4, BigInt(value));
    this.at += 12;
  }

  /** A timestamptz from epoch milliseconds. */
  timestamp(ms: number): void {
    this.view.setInt32(this.at, 8);
    const micros = (ms - PG_EPOCH_MS) * 1000;
    if (Number.isSafeInteger(micros)) {
      const high = Math.floor(micros / 2 ** 32);
      this.view.setInt32(this.at + 4, high);
      this.view.setUint32(this.at + 8, micros - high * 2 ** 32);
    } else {
      // Before 1715 or after 2285 a double cannot hold the microseconds exactly.
      this.view.setBigInt64(this.at + 4, BigInt(ms - PG_EPOCH_MS) * 1000n);
    }
    this.at += 12;
  }

  /** The finished stream, in a buffer of its own (so it can be transferred to a worker). */
  finish(): Uint8Array {
    this.reserve(2);
    this.view.setInt16(this.at, -1);
    this.at += 2;
    return this.at === this.bytes.length ? this.bytes : this.bytes.slice(0, this.at);
  }

  private reserve(bytes: number): void {
    if (this.at + bytes <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.at + bytes));
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }
}

/** Converts ids and keys to bytes once per distinct value. */
class Bytes {
  private readonly uuids = new Map<string, Uint8Array>();
  private readonly texts = new Map<string, Uint8Array>();

  uuid(value: string): Uint8Array {
    let bytes = this.uuids.get(value);
    if (!bytes) {
      const hex = value.replace(/-/g, '');
      if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`Not a UUID: ${value}`);
      bytes = new Uint8Array(16);
      for (let i = 0; i < 16; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
      this.uuids.set(value, bytes);
    }
    return bytes;
  }

  text(value: string): Uint8Array {
    let bytes = this.texts.get(value);
    if (!bytes) {
      bytes = utf8.encode(value);
      this.texts.set(value, bytes);
    }
    return bytes;
  }
}

/** Raw rows (TELEMETRY_COLUMNS) of a slice. */
export function encodeTelemetry(slice: readonly SeriesRun[]): Uint8Array {
  const bytes = new Bytes();
  let exact = HEADER_BYTES + 2;
  for (const run of slice) exact += (run.end - run.start) * (70 + bytes.text(run.series.paramKey).length);
  const out = new BinaryCopyWriter(exact);
  for (const { series, start, end } of slice) {
    const org = bytes.uuid(series.orgId);
    const sensor = bytes.uuid(series.sensorId);
    const key = bytes.text(series.paramKey);
    const rowBytes = 70 + key.length;
    for (let i = start; i < end; i++) {
      out.row(5, rowBytes);
      out.raw(org);
      out.raw(sensor);
      out.raw(key);
      out.timestamp(series.ts[i]!);
      out.float8(series.values[i]!);
    }
  }
  return out.finish();
}

/** Rollup delta rows: `level` (the rollup's index in ROLLUPS), then ROLLUP_COLUMNS. */
export function encodeRollups(rollups: SliceRollups): Uint8Array {
  const bytes = new Bytes();
  const out = new BinaryCopyWriter(deltaCount(rollups) * 181 + HEADER_BYTES + 2);
  for (const [level, deltas] of rollups.entries()) {
    for (const d of deltas) {
      const key = bytes.text(d.paramKey);
      out.row(13, 2 + 6 + 20 * 2 + 4 + key.length + 12 * 9);
      out.int2(level);
      out.raw(bytes.uuid(d.orgId));
      out.raw(bytes.uuid(d.sensorId));
      out.raw(key);
      out.timestamp(d.bucket);
      out.int8(d.count);
      out.float8(d.sum);
      out.float8(d.min);
      out.float8(d.max);
      out.timestamp(d.firstTs);
      out.float8(d.firstValue);
      out.timestamp(d.lastTs);
      out.float8(d.lastValue);
    }
  }
  return out.finish();
}
