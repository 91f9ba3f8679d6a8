/**
 * How ingest tells a device (the HTTP and CoAP answer) and the gateway log which points were not
 * stored because their series already had a point at that time. The policy: the first reading for a
 * (sensor, parameter, time) is kept; a later one with the same time, in the same message or after, is
 * not stored (an MQTT QoS 1 redelivery is exactly that, and is still acknowledged: its reading is
 * stored).
 */
import { isoOfTime } from '../../../platform/isoTime';
import type { DuplicatePoint } from './telemetryBatcher';

/** Points named one by one in the problem; the rest are counted. */
const NAMED = 5;

/** The problem that says which points were not stored and why. */
export function duplicatesProblem(duplicates: readonly DuplicatePoint[]): string {
  const count = duplicates.length;
  const head =
    count === 1
      ? '1 point not stored, its time already taken'
      : `${count} points not stored, their times already taken`;
  const named = duplicates.slice(0, NAMED).map((point) => `${point.paramKey} at ${isoOfTime(point.ts)}`);
  const more = count > NAMED ? `, … ${count - NAMED} more` : '';
  return `${head} (the first reading kept): ${named.join(', ')}${more}`;
}
