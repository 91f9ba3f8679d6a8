/**
 * Arrival times for readings a device sends without a mapped timestamp. The telemetry key is (sensor,
 * parameter, time), so two readings of a series stamped with the same time would be one: an HTTP array
 * or an MQTT burst arrives within a millisecond. The clock hands out microseconds (the table's
 * precision), strictly increasing on this node whatever the series, so a series' stamps never repeat.
 *
 * Several nodes may ingest for one series (an external broker's shared subscription, HTTP behind a
 * balancer). Each node keeps to its own residue of the last decimal digit of its microseconds (its
 * slot, from its NODE_ID or host name), so two nodes in different slots can never stamp the same time;
 * two nodes in one slot (one chance in ten for a pair) collide only when readings of one series reach
 * both within the same microsecond of their clocks, and the second is then counted, answered and
 * logged as not stored (never passed off as stored). The cost: a node stamps at most 100,000
 * readings a second; a burst beyond that runs ahead of the wall clock and is caught up when the
 * burst ends. A wall clock set back is not followed either: stamps keep increasing until it catches up.
 */
import { createHash } from 'node:crypto';

/** Stamps of one node are this many microseconds apart at least (one slot of the last digit each). */
export const ARRIVAL_SLOTS = 10;
/** How far (ms) the monotonic clock may wander from the wall clock before it is set again. */
const MAX_DRIFT_MS = 2;

/** The slot of a node name: the same name, the same slot. */
export function nodeSlot(nodeName: string): number {
  return createHash('sha256').update(nodeName).digest().readUInt32BE(0) % ARRIVAL_SLOTS;
}

export class ArrivalClock {
  /** The last microsecond handed out. */
  private last = Number.NEGATIVE_INFINITY;
  /** Wall-clock ms at performance.now() = 0: sub-millisecond arrival times without Date's rounding. */
  private origin = Date.now() - performance.now();

  constructor(private readonly slot: number = 0) {}

  /** Now on the wall clock, in epoch microseconds (performance.now's resolution, kept in step with Date). */
  nowMicros(): number {
    const monotonic = performance.now();
    const wall = Date.now();
    let ms = this.origin + monotonic;
    // NTP steps the wall clock and not the monotonic one: follow a step, not the jitter of Date's whole ms.
    if (ms < wall - MAX_DRIFT_MS || ms > wall + MAX_DRIFT_MS) {
      this.origin = wall - monotonic;
      ms = wall;
    }
    return Math.floor(ms * 1000);
  }

  /**
   * Reserves `count` stamps for the readings of one message, ARRIVAL_SLOTS microseconds apart, the first
   * at or after `arrivedMicros` and after every stamp handed out before; answers the first.
   */
  reserve(count: number, arrivedMicros: number): number {
    const floor = Math.max(arrivedMicros, this.last + 1);
    const first = floor + ((this.slot - (floor % ARRIVAL_SLOTS) + ARRIVAL_SLOTS) % ARRIVAL_SLOTS);
    this.last = first + (Math.max(count, 1) - 1) * ARRIVAL_SLOTS;
    return first;
  }
}

/**
 * Turns reading numbers into arrival times in place: mapping (payloadMapping.ts) left each point of a
 * message without mapped timestamps at its reading's index, and reading i arrived at
 * `firstMicros + i × ARRIVAL_SLOTS` (so a reading's parameters share one time). Times are epoch ms with
 * the microseconds as fraction.
 */
export function stampArrivals(runs: readonly { ts: ArrayLike<number> }[], firstMicros: number): void {
  for (const run of runs) {
    // Plain arrays where mapped here, Float64Arrays from the decode worker: both writable.
    const ts = run.ts as { [index: number]: number; length: number };
    for (let i = 0; i < ts.length; i++) ts[i] = (firstMicros + (ts[i] as number) * ARRIVAL_SLOTS) / 1000;
  }
}
