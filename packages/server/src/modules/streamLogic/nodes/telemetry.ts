/** Turning durable telemetry runs into chain messages: what every telemetry source shares. */
import type { ChainMessage } from '@ferrite/contracts';
import { z } from 'zod';
import type { DurableRun } from '../../../platform/module';

/** The `param_keys` field of telemetry sources (empty: every parameter). */
export const paramKeysField = z
  .array(z.string().min(1, { error: 'param_keys: a parameter key is empty' }), {
    error: 'param_keys must be a list of parameter keys',
  })
  .default([])
  .meta({ title: 'Parameters', description: 'Only these parameter keys (leave empty for all of them).' });

const keySets = new WeakMap<readonly string[], ReadonlySet<string> | null>();

/** The parameter keys as a set (kept per config), null for all. */
export function paramKeySet(keys: readonly string[]): ReadonlySet<string> | null {
  let found = keySets.get(keys);
  if (found === undefined) {
    found = keys.length === 0 ? null : new Set(keys);
    keySets.set(keys, found);
  }
  return found;
}

/**
 * The readings of the runs of one organization whose sensor `takes` and whose key is wanted, as
 * messages in the runs' order.
 */
export function runsToMessages(
  orgId: string,
  runs: readonly DurableRun[],
  keys: ReadonlySet<string> | null,
  takes: (sensorId: string) => boolean,
): ChainMessage[] {
  const messages: ChainMessage[] = [];
  for (const run of runs) {
    if (run.orgId !== orgId || (keys && !keys.has(run.paramKey)) || !takes(run.sensorId)) continue;
    for (let i = 0; i < run.values.length; i++) {
      messages.push({
        ts: run.ts[i] as number,
        sensor_id: run.sensorId,
        key: run.paramKey,
        value: run.values[i] as number,
        payload: null,
      });
    }
  }
  return messages;
}

/** The distinct sensor ids of an organization's runs (what to look up once per batch). */
export function runSensorIds(orgId: string, runs: readonly DurableRun[]): string[] {
  const ids = new Set<string>();
  for (const run of runs) if (run.orgId === orgId) ids.add(run.sensorId);
  return [...ids];
}
