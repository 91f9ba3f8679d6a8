/** Turning what a transform or a script answered back into chain messages. */
import type { ChainMessage } from '@ferrite/contracts';

/**
 * A script's answer as a message: its `ts`, `sensor_id`, `key`, `value` and `payload` where given
 * (and of the right type), the input's otherwise. Throws when the answer is not an object.
 */
export function messageFrom(answer: unknown, input: ChainMessage): ChainMessage {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) {
    throw new Error(`The script returned ${JSON.stringify(answer)}, not a message object`);
  }
  const given = answer as Record<string, unknown>;
  const value = given.value;
  return {
    ts: typeof given.ts === 'number' && Number.isFinite(given.ts) ? given.ts : input.ts,
    sensor_id:
      typeof given.sensor_id === 'string' || given.sensor_id === null ? given.sensor_id : input.sensor_id,
    key: typeof given.key === 'string' && given.key !== '' ? given.key : input.key,
    value:
      'value' in given ? (typeof value === 'number' && Number.isFinite(value) ? value : null) : input.value,
    payload: 'payload' in given ? (given.payload ?? null) : input.payload,
  };
}
