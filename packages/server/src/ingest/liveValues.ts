/**
 * Announces new sensor values to sensor rooms at most once a second per sensor: at ingest rates of
 * many thousands of points a second, browsers need the latest value, not every point.
 */
import { type SensorValuesEvent, SOCKET_EVENTS, socketRoomName } from '@ferrite/contracts';
import type { RealtimeHub } from '../platform/realtime/realtimeHub';
import type { TelemetryPoint } from '../telemetry/writer';

const FLUSH_MS = 1_000;

export class LiveValues {
  /** sensor → (param → newest point). */
  private readonly latest = new Map<string, { orgId: string; params: Map<string, TelemetryPoint> }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly realtime: RealtimeHub) {}

  /** Remembers the newest value of each sensor parameter among freshly stored points. */
  note(points: readonly TelemetryPoint[]): void {
    for (const point of points) {
      let sensor = this.latest.get(point.sensorId);
      if (!sensor) {
        sensor = { orgId: point.orgId, params: new Map() };
        this.latest.set(point.sensorId, sensor);
      }
      const known = sensor.params.get(point.paramKey);
      if (!known || known.ts <= point.ts) sensor.params.set(point.paramKey, point);
    }
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Sends what was noted since the last flush. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
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
