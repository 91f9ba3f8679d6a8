/**
 * The live values of a dashboard view: every sensor room's `sensor.values` events land here once, keyed
 * by series key (`${sensor_id}:${param_key}`), and each widget subscribes to the keys it draws. One
 * store per open dashboard, so fifty widgets on one parameter share one socket room and one buffer.
 */
import { type SensorValuesEvent, seriesKey } from '@ferrite/contracts';
import { useCallback, useRef, useSyncExternalStore } from 'react';

/** One value as it arrived. */
export interface LivePoint {
  ts: string;
  value: number;
}

/** The newest points per key (oldest first), bounded. */
export const LIVE_BUFFER = 2_000;

type Listener = () => void;

export interface LiveStoreOptions {
  /**
   * Wake the readers once per animation frame with everything that arrived meanwhile, instead of on
   * every event: a dashboard of many live widgets then renders each at most once a frame, and in one
   * React pass rather than one per socket message. Off, readers wake at once (tests).
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
    else this.frame ??= requestAnimationFrame(() => this.wake());
  }

  /** Wakes the readers of every key changed since the last time. */
  private wake(): void {
    this.frame = null;
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
    this.wake();
  }
}

/** The buffered points of each key, re-rendering only when one of them changes. */
export function useLivePoints(
  store: LiveStore | null,
  keys: readonly string[],
): ReadonlyMap<string, readonly LivePoint[]> {
  const joined = keys.join('|');
  const cache = useRef<{
    parts: (readonly LivePoint[] | undefined)[];
    map: Map<string, readonly LivePoint[]>;
  }>({
    parts: [],
    map: new Map(),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `joined` stands for the keys' contents.
  const subscribe = useCallback(
    (listener: Listener) => (store ? store.subscribe(keys, listener) : () => undefined),
    [store, joined],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `joined` stands for the keys' contents.
  const snapshot = useCallback(() => {
    const parts = keys.map((key) => store?.get(key));
    const previous = cache.current;
    if (parts.length === previous.parts.length && parts.every((part, i) => part === previous.parts[i])) {
      return previous.map;
    }
    const map = new Map<string, readonly LivePoint[]>();
    keys.forEach((key, i) => {
      const part = parts[i];
      if (part) map.set(key, part);
    });
    cache.current = { parts, map };
    return map;
  }, [store, joined]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
