/**
 * Recent values of sensor parameters that a rate-of-change rule looks back over, so "rose by 5 within
 * 10 min" compares with the value 10 minutes before without a query per reading. A series not held
 * (first reading since start, after a restart) is warmed once from the 1-minute rollups before the
 * batch is evaluated; memory stays bounded by keeping at most ~MAX_POINTS points per series.
 */
import type { Db } from '../../../platform/db/database';
import type { Point } from './conditions';

const MAX_POINTS = 600;

interface Series {
  points: Point[];
  /** The look-back this series is kept for (ms). */
  keepMs: number;
}

/** Held recent values per sensor parameter. */
export class RateHistory {
  private readonly series = new Map<string, Series>();

  /** Whether the series is held (warmed or noted since start). */
  has(sensorId: string, param: string): boolean {
    return this.series.has(`${sensorId}|${param}`);
  }

  /** Loads a series' minute values from before `before` over the window (one query). */
  async warm(db: Db, sensorId: string, param: string, before: number, keepMs: number): Promise<void> {
    const rows = await db
      .selectFrom('telemetry_1m')
      .select(['last_ts', 'last_value'])
      .where('sensor_id', '=', sensorId)
      .where('param_key', '=', param)
      .where('bucket', '>=', new Date(before - keepMs - 120_000))
      .where('last_ts', '<', new Date(before))
      .orderBy('bucket')
      .execute();
    const points = rows.map((row) => ({ v: Number(row.last_value), ts: new Date(row.last_ts).getTime() }));
    const key = `${sensorId}|${param}`;
    const held = this.series.get(key);
    this.series.set(key, { points: [...points, ...(held?.points ?? [])], keepMs });
  }

  /** Keeps a new value for rules looking back `keepMs`. */
  note(sensorId: string, param: string, point: Point, keepMs: number): void {
    const key = `${sensorId}|${param}`;
    let series = this.series.get(key);
    if (!series) {
      series = { points: [], keepMs };
      this.series.set(key, series);
    }
    series.keepMs = Math.max(series.keepMs, keepMs);
    const points = series.points;
    const last = points[points.length - 1];
    if (last && point.ts <= last.ts) return;
    // Bounded memory: points closer than keepMs / MAX_POINTS to the previous one replace it.
    if (
      last &&
      points.length > 1 &&
      point.ts - (points[points.length - 2] as Point).ts < series.keepMs / MAX_POINTS
    )
      points[points.length - 1] = point;
    else points.push(point);
    // Keep one point older than the look-back: it is the value "at" the window's start. Old points
    // go in one splice once they are many (shifting the array on every reading costs more).
    const cutoff = point.ts - series.keepMs;
    if ((points[Math.min(64, points.length - 1)] as Point).ts > cutoff) return;
    let drop = 0;
    while (drop + 1 < points.length && (points[drop + 1] as Point).ts <= cutoff) drop++;
    if (drop > 0) points.splice(0, drop);
  }

  /** The value at or before `ts`, undefined when the series does not reach back that far. */
  valueAt(sensorId: string, param: string, ts: number): number | undefined {
    const points = this.series.get(`${sensorId}|${param}`)?.points;
    if (!points || points.length === 0 || (points[0] as Point).ts > ts) return undefined;
    let lo = 0;
    let hi = points.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((points[mid] as Point).ts <= ts) lo = mid;
      else hi = mid - 1;
    }
    return (points[lo] as Point).v;
  }
}
