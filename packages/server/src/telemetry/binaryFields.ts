/**
 * PostgreSQL's binary field encoding, shared by binary COPY rows and binary array parameters: both
 * are a sequence of fields, each a 32-bit length and that many bytes in the type's binary form.
 */

import type { RollupDelta } from './batchPlan';

/** PostgreSQL timestamps count microseconds from 2000-01-01T00:00:00Z. */
const PG_EPOCH_MS = 946_684_800_000;
const utf8 = new TextEncoder();

/** Appends length-prefixed binary fields to a growing buffer. */
export class BinaryFields {
  protected bytes: Uint8Array;
  protected view: DataView;
  protected at = 0;

  /** `into`: where to write (a reused buffer, from offset 0); else a new one of `expectedBytes`. */
  constructor(expectedBytes: number, into?: Uint8Array) {
    this.bytes = into ?? new Uint8Array(Math.max(16, expectedBytes));
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
  }

  /** The bytes written so far, in a buffer of their own (so they can be transferred or sent). */
  written(): Uint8Array {
    return this.at === this.bytes.length ? this.bytes : this.bytes.slice(0, this.at);
  }

  /** A row's field count (binary COPY rows start with one). */
  fieldCount(fields: number): void {
    this.reserve(2);
    this.view.setInt16(this.at, fields);
    this.at += 2;
  }

  raw(value: Uint8Array): void {
    this.reserve(4 + value.length);
    this.view.setInt32(this.at, value.length);
    this.bytes.set(value, this.at + 4);
    this.at += 4 + value.length;
  }

  int2(value: number): void {
    this.reserve(6);
    this.view.setInt32(this.at, 2);
    this.view.setInt16(this.at + 4, value);
    this.at += 6;
  }

  float8(value: number): void {
    this.reserve(12);
    this.view.setInt32(this.at, 8);
    this.view.setFloat64(this.at + 4, value);
    this.at += 12;
  }

  int8(value: number): void {
    this.reserve(12);
    this.view.setInt32(this.at, 8);
    this.int64At(this.at + 4, value);
    this.at += 12;
  }

  /** A timestamptz from epoch milliseconds (microseconds as the fraction). */
  timestamp(ms: number): void {
    this.reserve(12);
    this.view.setInt32(this.at, 8);
    this.timestampAt(this.at + 4, ms);
    this.at += 12;
  }

  /**
   * A timestamptz's 8 bytes (microseconds since 2000) at `at`, room already reserved. `ms` may carry
   * microseconds as its fraction (readings stamped on arrival): rounded to the nearest microsecond,
   * which the nearest double to a whole microsecond always rounds back to (a double near today's epoch
   * milliseconds resolves a quarter of a microsecond).
   */
  protected timestampAt(at: number, ms: number): void {
    const micros = Math.round((ms - PG_EPOCH_MS) * 1000);
    if (Number.isSafeInteger(micros)) this.int64At(at, micros);
    else {
      // Before 1715 or after 2285 a double cannot hold the microseconds exactly.
      const whole = Math.trunc(ms - PG_EPOCH_MS);
      this.view.setBigInt64(
        at,
        BigInt(whole) * 1000n + BigInt(Math.round((ms - PG_EPOCH_MS - whole) * 1000)),
      );
    }
  }

  /** A safe integer as a big-endian int64, in two halves (a BigInt per value would be garbage). */
  private int64At(at: number, value: number): void {
    const high = Math.floor(value / 2 ** 32);
    this.view.setInt32(at, high);
    this.view.setUint32(at + 4, value - high * 2 ** 32);
  }

  /** Room for `bytes` more bytes. */
  protected reserve(bytes: number): void {
    if (this.at + bytes <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.at + bytes));
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }
}

/**
 * Most entries one conversion cache keeps (ids, keys, series' row prefixes, each apart). A busy plant
 * has thousands of sensor parameters, each met again in every write; past this many a cache starts
 * afresh rather than grow without end.
 */
const MAX_CACHED_VALUES = 50_000;

/**
 * Converts ids and keys to their binary form once per distinct value (parsing a uuid's hex for every
 * series of every slice was a few percent of the writer thread's time at full ingest).
 */
export class BinaryValues {
  private readonly uuids = new Map<string, Uint8Array>();
  private readonly texts = new Map<string, Uint8Array>();

  uuid(value: string): Uint8Array {
    let bytes = this.uuids.get(value);
    if (!bytes) {
      const hex = value.replace(/-/g, '');
      if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`Not a UUID: ${value}`);
      bytes = new Uint8Array(16);
      for (let i = 0; i < 16; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
      remember(this.uuids, value, bytes);
    }
    return bytes;
  }

  text(value: string): Uint8Array {
    let bytes = this.texts.get(value);
    if (!bytes) {
      bytes = utf8.encode(value);
      remember(this.texts, value, bytes);
    }
    return bytes;
  }
}

/** Caches `bytes` under `key`, starting the cache afresh once it holds MAX_CACHED_VALUES entries. */
export function remember(cache: Map<string, Uint8Array>, key: string, bytes: Uint8Array): void {
  if (cache.size >= MAX_CACHED_VALUES) cache.clear();
  cache.set(key, bytes);
}

/** The thread's converted ids and keys, shared by every encoding. Cached bytes are only ever read. */
export const binaryValues = new BinaryValues();

/** How many fields a rollup delta has (ROLLUP_COLUMNS). */
export const DELTA_FIELDS = 12;

/**
 * A delta's fields in ROLLUP_COLUMNS order, the i-th into `columns[i]`: one writer per column for
 * array parameters, the same row writer twelve times for COPY.
 */
export function writeDeltaFields(
  d: RollupDelta,
  values: BinaryValues,
  columns: readonly BinaryFields[],
): void {
  // Indexed directly: a helper closure would be made (and named by the loader) for every delta.
  columns[0]!.raw(values.uuid(d.orgId));
  columns[1]!.raw(values.uuid(d.sensorId));
  columns[2]!.raw(values.text(d.paramKey));
  columns[3]!.timestamp(d.bucket);
  columns[4]!.int8(d.count);
  columns[5]!.float8(d.sum);
  columns[6]!.float8(d.min);
  columns[7]!.float8(d.max);
  columns[8]!.timestamp(d.firstTs);
  columns[9]!.float8(d.firstValue);
  columns[10]!.timestamp(d.lastTs);
  columns[11]!.float8(d.lastValue);
}
