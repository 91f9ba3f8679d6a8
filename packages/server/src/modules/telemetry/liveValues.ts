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
 */
import { type SensorValuesEvent, SOCKET_EVENTS, socketRoomName } from '@ferrite/contracts';
import { isoOfTime } from '../../platform/isoTime';
import type { DurableRun, TelemetrySubscriber } from '../../platform/module';
import type { RealtimeHub } from '../../platform/realtime/realtimeHub';

/** A parameter's newest value (ts in epoch milliseconds, microseconds as the fraction). */
interface Newest {
  paramKey: string;
  ts: number;
  value: number;
}

/** The default pace of announcements (LIVE_VALUES_MS). */
export const LIVE_VALUES_MS = 1_000;

export class LiveValues implements TelemetrySubscriber {
  readonly name = 'liveValues';
  /** sensor → (param → newest point). */
  private readonly latest = new Map<string, { orgId: string; params: Map<string, Newest> }>();
  private timer: NodeJS.Timeout | null = null;
  private lastFlush = 0;

  /** `intervalMs`: the least time between two announcements (config LIVE_VALUES_MS). */
  constructor(
    private readonly realtime: RealtimeHub,
    private readonly intervalMs: number = LIVE_VALUES_MS,
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
    this.timer ??= setTimeout(() => this.flush(), Math.max(0, this.lastFlush + this.intervalMs - Date.now()));
  }

  /** Sends what was noted since the last flush. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.lastFlush = Date.now();
    for (const [sensorId, sensor] of this.latest) {
      const event: SensorValuesEvent = {
        sensor_id: sensorId,
        values: [...sensor.params.values()].map((p) => ({
          param_key: p.paramKey,
          ts: isoOfTime(p.ts),
          value: p.value,
        })),
      };
      this.realtime.emit(
        socketRoomName({ kind: 'sensor', orgId: sensor.orgId, sensorId }),
        SOCKET_EVENTS.sensorValues,
        event,
      );
    }
    this.latest.clear();
  }
}
