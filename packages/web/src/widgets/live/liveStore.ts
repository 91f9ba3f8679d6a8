/**
 * The live values of a dashboard view: every sensor room's `sensor.values` events land here once, keyed
 * by series key (`${sensor_id}:${param_key}`), and each widget subscribes to the keys it draws. One
 * store per open dashboard, so fifty widgets on one parameter share one socket room and one buffer.
 */
import { type SensorValuesEvent, seriesKey } from '@ferrite/contracts';

/** One value as it arrived. */
export interface LivePoint {
  ts: string;
  value: number;
}

/** The newest points per key (oldest first), bounded. */
export const LIVE_BUFFER = 2_000;

/**
 * The least time between two wakes of the readers (perFrame), 20 a second: quicker than a person reads
 * a changing number and than the 10 values a second of a fast device, so no value is folded away at that
 * pace, while the widgets' React pass and the page's style, layout and paint run in a third of the frames
 * (bench:dashboard, A/B in one page: a wake in every frame cost the 50-widget wall 1–2 fps).
 */
export const LIVE_WAKE_MS = 50;

type Listener = () => void;

export interface LiveStoreOptions {
  /**
   * Wake the readers in an animation frame with everything that arrived meanwhile, at most every
   * LIVE_WAKE_MS, instead of on every event: a dashboard of many live widgets then renders in one React
   * pass rather than one per socket message. Off, readers wake at once (tests).
   */
  perFrame?: boolean;
}

/** An external store of recent points per series key. */
export class LiveStore {
  private readonly points = new Map<string, LivePoint[]>();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Keys changed since the readers last woke (perFrame). */
  private readonly touched = new Set<string>();
  private frame: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastWake = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: LiveStoreOptions = {}) {}

  /** Adds the values of a sensor.values event and wakes the widgets that read them. */
  push(event: SensorValuesEvent): void {
    const { touched } = this;
    for (const value of event.values) {
      if (!Number.isFinite(value.value)) continue;
      const key = seriesKey(event.sensor_id, value.param_key);
      const current = this.points.get(key) ?? [];
      const last = current[current.length - 1];
      // A copy per change, so a subscriber's snapshot changes identity exactly when its points do.
      let next: LivePoint[];
      if (!last || value.ts >= last.ts) next = [...current, { ts: value.ts, value: value.value }];
      else next = [...current, { ts: value.ts, value: value.value }].sort((a, b) => a.ts.localeCompare(b.ts));
      if (next.length > LIVE_BUFFER) next = next.slice(next.length - LIVE_BUFFER);
      this.points.set(key, next);
      touched.add(key);
    }
    if (touched.size === 0) return;
    if (!this.options.perFrame || typeof requestAnimationFrame !== 'function') this.wake();
    else this.scheduleWake();
  }

  /** Wakes the readers in the next animation frame, or the first one LIVE_WAKE_MS after the last wake. */
  private scheduleWake(): void {
    if (this.frame !== null || this.timer !== null) return;
    const wait = this.lastWake + LIVE_WAKE_MS - performance.now();
    const inFrame = () => {
      this.timer = null;
      this.frame = requestAnimationFrame(() => this.wake());
    };
    if (wait > 0) this.timer = setTimeout(inFrame, wait);
    else inFrame();
  }

  /** Wakes the readers of every key changed since the last time. */
  private wake(): void {
    this.frame = null;
    this.lastWake = performance.now();
    const keys = [...this.touched];
    this.touched.clear();
    for (const key of keys) for (const listener of this.listeners.get(key) ?? []) listener();
  }

  /** The buffered points of a key (the same array until new ones arrive). */
  get(key: string): readonly LivePoint[] | undefined {
    return this.points.get(key);
  }

  /** Calls `listener` whenever a key's points change; answers the unsubscribe. */
  subscribe(keys: readonly string[], listener: Listener): () => void {
    for (const key of keys) {
      let set = this.listeners.get(key);
      if (!set) {
        set = new Set();
        this.listeners.set(key, set);
      }
      set.add(listener);
    }
    return () => {
      for (const key of keys) this.listeners.get(key)?.delete(listener);
    };
  }

  /** Forgets every point (after a reconnect the widgets reload, so the buffer starts over). */
  clear(): void {
    for (const key of this.points.keys()) this.touched.add(key);
    this.points.clear();
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.wake();
  }
}
