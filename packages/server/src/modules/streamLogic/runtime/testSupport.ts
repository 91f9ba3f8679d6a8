/** Test helpers for the runtime: readings in through ingest, waiting for chains to settle, stored values out. */
import { runsOfPoints } from '../../../telemetry/pointRuns';
import type { TestPlatform } from '../../../testing/testPlatform';
import { type ChainRuntime, chainRuntimeOf } from './chainRuntime';

/** The platform's runtime (fails the test when the module's subscriber is missing). */
export function runtimeOf(platform: TestPlatform): ChainRuntime {
  const runtime = chainRuntimeOf(platform.deps);
  if (!runtime) throw new Error('no Stream Logic runtime on this platform');
  return runtime;
}

/** Waits until `check` answers true (polling), or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the runtime runs the chain at that revision. */
export function chainRunning(platform: TestPlatform, orgId: string, pipelineId: string, revision = 1) {
  return waitFor(() => runtimeOf(platform).chainOf(orgId, pipelineId)?.revision === revision);
}

/** Stores readings through ingest (durable, then every subscriber), as a device's would be. */
export async function ingest(
  platform: TestPlatform,
  orgId: string,
  sensorId: string,
  paramKey: string,
  points: [ts: number, value: number][],
): Promise<void> {
  await platform.deps.ingest.batcher.add(
    runsOfPoints(points.map(([ts, value]) => ({ orgId, sensorId, paramKey, ts: new Date(ts), value }))),
  );
}

/** Lets everything flow: ingest's subscribers, the chains, what the chains wrote, and the trace. */
export async function settle(platform: TestPlatform): Promise<void> {
  for (let i = 0; i < 3; i++) await platform.deps.ingest.flush();
  await runtimeOf(platform).flush();
}

/** A sensor parameter's stored values, oldest first. */
export async function storedValues(platform: TestPlatform, sensorId: string, paramKey: string) {
  const rows = await platform.deps.db
    .selectFrom('telemetry')
    .select(['ts', 'value'])
    .where('sensor_id', '=', sensorId)
    .where('param_key', '=', paramKey)
    .orderBy('ts')
    .execute();
  return rows.map((row) => ({
    ts: new Date(row.ts as unknown as string).getTime(),
    value: Number(row.value),
  }));
}
