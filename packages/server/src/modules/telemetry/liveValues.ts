/**
 * Announces new sensor values to sensor rooms at most once a second (LIVE_VALUES_MS): at ingest rates of
 * many thousands of points a second, browsers need the latest value, not every point. The first values
 * after a quiet second go out at once (on the next turn of the event loop, so one stored batch is one
 * event), which keeps a dashboard within a second of the device; the rest wait for the second to end.
 * A plant whose dashboards must follow faster devices (10 Hz vibration, fast loops) sets a shorter
 * interval: each announcement is one event per sensor that changed, whatever the ingest rate.
 *
 * A telemetry subscriber (the telemetry module's `onTelemetry`): ingest hands it every batch once it is
 * durable, so a dashboard never shows a value that a reload would not find.
 *
 * Several nodes (REDIS_URL): the pace holds across the cluster, whichever nodes the readings land on
 * (liveClaims.ts): a node's flush offers its values to Redis, and only the node that claims a sensor for
 * the interval announces it, with every node's newest values. If Redis cannot be reached, each node
 * announces its own values as without it.
 */
import { type SensorValuesEvent, SOCKET_EVENTS, socketRoomName } from '@ferrite/contracts';
import { isoOfTime } from '../../platform/isoTime';
import type { DurableRun, TelemetrySubscriber } from '../../platform/module';
import type { RealtimeHub } from '../../platform/realtime/realtimeHub';
import type { LiveClaims, LiveOffer, Newest } from './liveClaims';

/** A Redis failure is logged once a minute at most (ingest goes on announcing locally). */
const WARN_EVERY_MS = 60_000;

/** The default pace of announcements (LIVE_VALUES_MS). */
export const LIVE_VALUES_MS = 1_000;

export class LiveValues implements TelemetrySubscriber {
  readonly name = 'liveValues';
  /** sensor → (param → newest point). */
  private readonly latest = new Map<string, { orgId: string; params: Map<string, Newest> }>();
  private timer: NodeJS.Timeout | null = null;
  /** When the timer fires (epoch ms). */
  private due = 0;
  private lastFlush = 0;
  /** Cluster: sensors another node held at the last offer → when to offer again (epoch ms). */
  private readonly retries = new Map<string, { orgId: string; at: number }>();
  private flushing: Promise<void> | null = null;
  private warnedAt = -Infinity;

  /**
   * `intervalMs`: the least time between two announcements (config LIVE_VALUES_MS); `claims`: the
   * cluster's pace (liveClaims.ts; none on a single node).
   */
  constructor(
    private readonly realtime: RealtimeHub,
    private readonly intervalMs: number = LIVE_VALUES_MS,
    private readonly claims: LiveClaims | null = null,
    private readonly warn: (error: unknown) => void = () => undefined,
  ) {}

  /** Remembers the newest value of each sensor parameter among freshly stored points. */
  onBatch(runs: readonly DurableRun[]): void {
    for (const run of runs) {
      let newest = -1;
      for (let i = 0; i < run.ts.length; i++) {
        if (newest < 0 || (run.ts[i] as number) >= (run.ts[newest] as number)) newest = i;
      }
      if (newest < 0) continue;
      let sensor = this.latest.get(run.sensorId);
      if (!sensor) {
        sensor = { orgId: run.orgId, params: new Map() };
        this.latest.set(run.sensorId, sensor);
      }
      const known = sensor.params.get(run.paramKey);
      const ts = run.ts[newest] as number;
      if (!known || known.ts <= ts) {
        sensor.params.set(run.paramKey, { paramKey: run.paramKey, ts, value: run.values[newest] as number });
      }
    }
    this.schedule(this.lastFlush + this.intervalMs);
  }

  /** Sends what was noted since the last flush (on a cluster: what this node's claims allow). */
  flush(): Promise<void> | void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.claims) {
      this.lastFlush = Date.now();
      for (const [sensorId, sensor] of this.latest)
        this.announce(sensorId, sensor.orgId, sensor.params.values());
      this.latest.clear();
      return;
    }
    // One offer in flight at a time; what arrives meanwhile goes in the next.
    this.flushing ??= this.offer().finally(() => {
      this.flushing = null;
      if (this.latest.size > 0) this.schedule(this.lastFlush + this.intervalMs);
      for (const retry of this.retries.values()) this.schedule(retry.at);
    });
    return this.flushing;
  }

  private async offer(): Promise<void> {
    const claims = this.claims as LiveClaims;
    const now = Date.now();
    this.lastFlush = now;
    const noted = new Map(this.latest);
    this.latest.clear();
    const offers: (LiveOffer & { orgId: string })[] = [];
    for (const [sensorId, sensor] of noted)
      offers.push({ sensorId, orgId: sensor.orgId, params: [...sensor.params.values()] });
    for (const [sensorId, retry] of this.retries) {
      if (retry.at <= now && !noted.has(sensorId)) offers.push({ sensorId, orgId: retry.orgId, params: [] });
    }
    for (const offer of offers) this.retries.delete(offer.sensorId);
    let outcomes: Awaited<ReturnType<LiveClaims['offer']>>;
    try {
      outcomes = await claims.offer(offers);
    } catch (error) {
      if (Date.now() - this.warnedAt > WARN_EVERY_MS) {
        this.warnedAt = Date.now();
        this.warn(error);
      }
      for (const offer of offers) this.announce(offer.sensorId, offer.orgId, offer.params);
      return;
    }
    const after = Date.now();
    offers.forEach((offer, i) => {
      const outcome = outcomes[i];
      if (outcome?.kind === 'announce') this.announce(offer.sensorId, offer.orgId, outcome.params);
      else if (outcome?.kind === 'wait')
        this.retries.set(offer.sensorId, { orgId: offer.orgId, at: after + outcome.ms });
    });
  }

  private announce(sensorId: string, orgId: string, params: Iterable<Newest>): void {
    const values = [...params].map((p) => ({ param_key: p.paramKey, ts: isoOfTime(p.ts), value: p.value }));
    if (values.length === 0) return;
    const event: SensorValuesEvent = { sensor_id: sensorId, values };
    this.realtime.emit(
      socketRoomName({ kind: 'sensor', orgId, sensorId }),
      SOCKET_EVENTS.sensorValues,
      event,
    );
  }

  /** Flushes at `at` (epoch ms), or sooner if a flush is due sooner already. */
  private schedule(at: number): void {
    if (this.timer && this.due <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.due = at;
    this.timer = setTimeout(() => void this.flush(), Math.max(0, at - Date.now()));
    // Announcements never keep a stopping process alive (a stop flushes what is held first).
    this.timer.unref();
  }
}
