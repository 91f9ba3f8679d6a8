/**
 * The batched telemetry writer. A batch is checked and grouped into series in memory (exact
 * duplicates inside it dropped, the first one wins) and cut into slices (runs of series) with a
 * bounded amount of work each. A slice goes in as binary COPY of its raw points plus its deltas to
 * every rollup (minute, hour, six hours), aggregated in JavaScript and upserted. A point already
 * stored makes COPY fail with a unique violation; the transaction is then run again with that slice
 * written by INSERT … ON CONFLICT DO NOTHING RETURNING, and only the points actually inserted are
 * counted in the rollups (MQTT QoS 1 redelivery relies on it). The times left out either way are
 * answered (WriteOutcome.taken), so ingest can tell a device which readings were not stored.
 *
 * PGlite (one session): a transaction takes slice after slice until another query waits for the
 * connection, then commits, so API queries wait for one slice at most; the next transaction waits
 * until the others' queries are through (bulk.ts makeWay), so a request's queries wait for one slice
 * together rather than one slice each. PostgreSQL: one slice per
 * transaction, three transactions side by side on their own connections.
 *
 * Durable once write() resolves. A failed write may leave some slices stored: writing the same batch
 * again stores the rest and counts nothing twice.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { bulkTraits, type CopyFrom, copyRows } from '../platform/db/bulk';
import type { Db } from '../platform/db/database';
import {
  aggregateSlice,
  deltaCount,
  groupSeries,
  pointsIn,
  ROLLUP_ROW_COST,
  type SeriesRun,
  SliceCutter,
  type SliceRollups,
} from './batchPlan';
import { EncodeBuffers } from './encodeBuffers';
import {
  noteTime,
  type PointRun,
  pointCount,
  runsOfPoints,
  type TakenTimes,
  type TelemetryPoint,
  type WriteOutcome,
} from './pointRuns';
import { ensureMonthlyPartitions } from './repository';
import { copyRollups, createDeltaTable, insertNew, rawCopy, upsertRollups } from './sliceStatements';

export type { PointRun, TelemetryPoint, WriteOutcome } from './pointRuns';

export interface TelemetryWriterOptions {
  /** Work per slice, fixed: a point counts one, each rollup row it starts ROLLUP_ROW_COST more. */
  chunkSize?: number;
  /** Transactions in flight at once (PGlite always runs one). */
  concurrency?: number;
}

/**
 * PostgreSQL: others never wait for a write, so big slices save commits, and three at once keep the
 * server's cores busy (best of 1-4 measured on two cores; the pool has ten connections). PGlite: a
 * query that arrives waits for the slice in progress, so slices are sized to take SLICE_TARGET_MS
 * at the rate measured so far (smaller under load, larger when idle). Measured with bench:ingest on
 * two cores (API p99; ingest as a share of raw COPY, which moves with the machine's speed): 15 ms
 * 47–59 ms, 0.49–0.52; 14 ms 45–46 ms, 0.37–0.50; 12 ms 35–47 ms, 0.37–0.45; 10 ms 30–38 ms,
 * 0.37–0.41 (each commit has a fixed cost). On a slower day 14 ms missed the 50 ms target (53–57 ms
 * in four runs, 78k–95k points/s) and 12 ms met it (43–45 ms in two, 70k–79k points/s).
 */
const SHARED = { chunkSize: 12_000, concurrency: 3 };
const SLICE_TARGET_MS = 12;
const SLICE_BUDGET = { first: 2_500, min: 500, max: 20_000 };
/** PGlite: the longest a transaction keeps taking slices while nobody else waits. */
const MAX_TRANSACTION_MS = 250;
/**
 * From this many rollup rows in a slice, COPY through the temp table beats unnest arrays. PGlite keeps
 * the table for the session and shares one transaction among slices, so its fixed cost is smaller.
 */
const COPY_ROLLUPS_FROM = { singleSession: 50, shared: 1_000 };

/** A slice and what it needs: its statements' data (prepared once), whether it meets stored points. */
interface SliceWork {
  runs: SeriesRun[];
  prepared?: { raw: CopyFrom; rollups: SliceRollups };
  /** May hold stored points: written with INSERT … ON CONFLICT DO NOTHING instead of COPY. */
  duplicates: boolean;
  /** Times the last INSERT … ON CONFLICT of this slice found stored (kept only once committed). */
  stored?: Map<string, number[]> | null;
}

/** Whether the delta temp table exists in this transaction, and whether this transaction made it. */
interface TransactionState {
  deltaTable: boolean;
  createdDeltaTable: boolean;
}

/** The slices of one write() and what the lanes have stored so far. */
interface WriteState {
  cutter: SliceCutter;
  /** Slices handed back after a rollback, written again first. */
  retry: SliceWork[];
  /** The slice after which the retrying transaction commits, so redone work is not lost again. */
  commitAfter?: SliceWork;
  /** The last slice met stored points (a redelivery): new slices skip COPY until one is all new. */
  expectDuplicates: boolean;
  inserted: number;
  /** Times found stored in committed slices, by seriesKey. */
  stored: Map<string, number[]> | null;
  failed: boolean;
}

export class TelemetryWriter {
  /** Months whose partition is known to exist (or whose rows stay in the default partition). */
  private readonly months = new Set<string>();
  private readonly copy: boolean;
  private readonly concurrency: number;
  private readonly singleSession: boolean;
  private readonly binaryParameters: boolean;
  private readonly othersWaiting: (() => boolean) | undefined;
  private readonly makeWay: (() => Promise<void>) | undefined;
  /** A fixed slice size (the option, or PostgreSQL's), else undefined: sized by time. */
  private readonly fixedBudget: number | undefined;
  /** Work units per millisecond measured on recent slices (time-sized slices only). */
  private unitsPerMs = SLICE_BUDGET.first / SLICE_TARGET_MS;
  /** Single session: the delta temp table exists (a committed transaction created it). */
  private deltaTableReady = false;
  /**
   * Buffers for COPY streams, reused (PostgreSQL). Not for PGlite: its streams move to the PGlite
   * thread, leaving nothing here to reuse.
   */
  private readonly buffers: EncodeBuffers | undefined;

  constructor(
    private readonly db: Db,
    options: TelemetryWriterOptions = {},
  ) {
    const traits = bulkTraits(db);
    this.copy = traits.copy;
    this.singleSession = traits.singleSession;
    this.binaryParameters = traits.binaryParameters ?? false;
    this.othersWaiting = traits.othersWaiting;
    this.makeWay = traits.makeWay;
    this.fixedBudget = options.chunkSize ?? (traits.singleSession ? undefined : SHARED.chunkSize);
    this.concurrency = traits.singleSession ? 1 : (options.concurrency ?? SHARED.concurrency);
    this.buffers = traits.singleSession ? undefined : new EncodeBuffers(2 * this.concurrency + 2);
  }

  /** Stores the points and updates the rollups; answers how many were new. */
  write(points: readonly TelemetryPoint[]): Promise<WriteOutcome> {
    return this.writeRuns(runsOfPoints(points));
  }

  /**
   * Stores runs of points (what ingest maps messages into) and updates the rollups; answers how many
   * were new and, when some were not stored, the times their series already had.
   */
  async writeRuns(runs: readonly PointRun[]): Promise<WriteOutcome> {
    if (pointCount(runs) === 0) return { inserted: 0 };
    const { series, months, repeated } = groupSeries(runs);
    await ensureMonthlyPartitions(this.db, months, this.months);
    const state: WriteState = {
      cutter: new SliceCutter(series),
      retry: [],
      expectDuplicates: !this.copy,
      inserted: 0,
      stored: null,
      failed: false,
    };
    // Every lane settles before write() does, so a caller retrying never races slices still running.
    const lanes = Array.from({ length: this.concurrency }, () => this.lane(state));
    const rejected = (await Promise.allSettled(lanes)).find((result) => result.status === 'rejected');
    if (rejected) throw rejected.reason;
    if (!repeated && !state.stored) return { inserted: state.inserted };
    const taken: TakenTimes = { stored: state.stored ?? new Map(), repeated: repeated ?? new Map() };
    return { inserted: state.inserted, taken };
  }

  /** The next slice to write, if any. */
  private take(state: WriteState): SliceWork | undefined {
    const again = state.retry.shift();
    if (again) return again;
    if (state.cutter.done) return undefined;
    const budget = this.fixedBudget ?? this.timedBudget();
    return { runs: state.cutter.next(budget), duplicates: state.expectDuplicates };
  }

  /** Work units that take about SLICE_TARGET_MS at the measured rate. */
  private timedBudget(): number {
    const budget = Math.round(this.unitsPerMs * SLICE_TARGET_MS);
    return Math.min(SLICE_BUDGET.max, Math.max(SLICE_BUDGET.min, budget));
  }

  /** Folds one slice's measured speed into the rate (recent slices weigh most). */
  private measured(units: number, ms: number): void {
    if (this.fixedBudget !== undefined || ms <= 0) return;
    this.unitsPerMs = 0.7 * this.unitsPerMs + 0.3 * (units / ms);
  }

  /** Takes slices, one transaction after another, until none are left. */
  private async lane(state: WriteState): Promise<void> {
    /** The next slice, taken but not written yet. */
    let pending: SliceWork | undefined;
    for (;;) {
      pending ??= this.take(state);
      if (state.failed || !pending) return;
      const taken: SliceWork[] = [];
      const tx: TransactionState = { deltaTable: this.deltaTableReady, createdDeltaTable: false };
      try {
        // PGlite: queries of a request in progress go first, not one after each of our slices.
        if (this.makeWay) await this.makeWay();
        const stored = await this.db.transaction().execute(async (trx) => {
          const started = performance.now();
          let count = 0;
          for (let work = pending; work; work = pending) {
            taken.push(work);
            // Taken ahead (and prepared during this slice) only where the transaction may go on.
            pending = this.othersWaiting ? this.take(state) : undefined;
            count += await this.writeSlice(trx, tx, state, work, pending);
            if (work === state.commitAfter || !this.mayTakeMore(started)) break;
          }
          return count;
        });
        state.inserted += stored;
        // Only now: a rolled-back transaction's slices are written again and find out again.
        for (const work of taken) {
          if (!work.stored) continue;
          state.stored ??= new Map();
          for (const [key, times] of work.stored) for (const ts of times) noteTime(state.stored, key, ts);
        }
        // In a single session the temp table now stays until close.
        if (tx.createdDeltaTable && this.singleSession) this.deltaTableReady = true;
      } catch (error) {
        const failed = taken.at(-1);
        if (!failed || failed.duplicates || (error as { code?: unknown } | null)?.code !== '23505') {
          state.failed = true;
          throw error;
        }
        // Rolled back: the slices go back in front (their COPY data may have moved to the PGlite
        // worker, so it is encoded again), and the one that met a stored point is marked.
        failed.duplicates = state.expectDuplicates = true;
        state.commitAfter = failed;
        if (pending) taken.push(pending);
        for (const slice of taken) slice.prepared = undefined;
        state.retry.unshift(...taken);
        pending = undefined;
      }
    }
  }

  /** PGlite: keep the transaction (fewer commits) while nobody waits and it is young. */
  private mayTakeMore(started: number): boolean {
    if (!this.othersWaiting) return false;
    return !this.othersWaiting() && performance.now() - started < MAX_TRANSACTION_MS;
  }

  /** One slice's statements; prepares the next slice while the database works on this one. */
  private async writeSlice(
    trx: Db,
    tx: TransactionState,
    state: WriteState,
    work: SliceWork,
    next: SliceWork | undefined,
  ): Promise<number> {
    const started = performance.now();
    let runs = work.runs;
    let rollups: SliceRollups;
    if (work.duplicates) {
      const inserted = await insertNew(trx, work.runs);
      runs = inserted.runs;
      work.stored = inserted.stored;
      rollups = aggregateSlice(runs);
      // All new: back to COPY for the slices still to be cut.
      if (this.copy && pointsIn(runs) === pointsIn(work.runs)) state.expectDuplicates = false;
    } else {
      const prepared = this.prepare(work);
      const copying = copyRows(trx, prepared.raw);
      // Awaited below; until then a rejection must not count as unhandled.
      copying.catch(() => {});
      if (next && !next.duplicates) {
        // The COPY is on its way once the microtasks ran; encode the next slice meanwhile.
        await nextTurn();
        this.prepare(next);
      }
      await copying;
      // Sent and stored: its buffer is free (a slice written again after a rollback is encoded again).
      this.buffers?.give(prepared.raw.data);
      rollups = prepared.rollups;
    }
    const copyFrom = this.singleSession ? COPY_ROLLUPS_FROM.singleSession : COPY_ROLLUPS_FROM.shared;
    if (!this.copy || deltaCount(rollups) < copyFrom) {
      await upsertRollups(trx, rollups, this.binaryParameters);
    } else {
      if (!tx.deltaTable) {
        await createDeltaTable(trx);
        tx.deltaTable = tx.createdDeltaTable = true;
      }
      await copyRollups(trx, rollups, this.buffers);
    }
    const points = pointsIn(runs);
    this.measured(points + ROLLUP_ROW_COST * deltaCount(rollups), performance.now() - started);
    return points;
  }

  /** The slice's COPY stream and rollup deltas, computed once. */
  private prepare(work: SliceWork): { raw: CopyFrom; rollups: SliceRollups } {
    work.prepared ??= { raw: rawCopy(work.runs, this.buffers), rollups: aggregateSlice(work.runs) };
    return work.prepared;
  }
}
