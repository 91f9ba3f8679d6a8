/**
 * Announces new sensor values to sensor rooms at most once a second (LIVE_VALUES_MS): at ingest rates of
 * many thousands of points a second, browsers need the latest value, not every point. The first values
 * after a quiet second go out at once (on the next turn of the event loop, so one stored batch is one
 * event), which keeps a dashboard within a second of the device; the rest wait for the second to end.
 * A plant whose dashboards must follow faster devices (10 Hz vibration, fast loops) sets a shorter
 * interval: each announcement is one event per sensor that changed, whatever the ingest rate.
 */
import { type SensorValuesEvent, SOCKET_EVENTS, socketRoomName } from '@ferrite/contracts';
import type { RealtimeHub } from '../platform/realtime/realtimeHub';
import type { TelemetryPoint } from '../telemetry/writer';

/** The default pace of announcements (LIVE_VALUES_MS). */
export const LIVE_VALUES_MS = 1_000;

export class LiveValues {
  /** sensor → (param → newest point). */
  private readonly latest = new Map<string, { orgId: string; params: Map<string, TelemetryPoint> }>();
  private timer: NodeJS.Timeout | null = null;
  private lastFlush = 0;

  /** `intervalMs`: the least time between two announcements (config LIVE_VALUES_MS). */
  constructor(
    private readonly realtime: RealtimeHub,
    private readonly intervalMs: number = LIVE_VALUES_MS,
  ) {}

  /** Remembers the newest value of each sensor parameter among freshly stored points. */
  note(points: readonly TelemetryPoint[]): void {
    let sensorId = '';
    let sensor: { orgId: string; params: Map<string, TelemetryPoint> } | undefined;
    for (const point of points) {
      // Runs of points of one sensor are common: look it up once per run.
      if (point.sensorId !== sensorId || !sensor) {
        sensorId = point.sensorId;
        sensor = this.latest.get(sensorId);
        if (!sensor) {
          sensor = { orgId: point.orgId, params: new Map() };
          this.latest.set(sensorId, sensor);
        }
      }
      const known = sensor.params.get(point.paramKey);
      // getTime(): comparing Date objects with <= converts both through valueOf, several times slower.
      if (!known || known.ts.getTime() <= point.ts.getTime()) sensor.params.set(point.paramKey, point);
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
          ts: p.ts.toISOString(),
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
