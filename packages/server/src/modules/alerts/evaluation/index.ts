/** TODO(issue 28): rule evaluation on durable telemetry, and silence on a schedule. */
import type { JobDefinition } from '../../../platform/jobs/jobQueue';
import type { TelemetrySubscriber } from '../../../platform/module';
import type { DeviceDeps } from '../../iotManager';

/** The evaluation's durable jobs (pending durations due, silence). */
export function evaluationJobs(_deps: DeviceDeps): JobDefinition<never>[] {
  return [];
}

/** The subscriber that evaluates rules on every durable batch. */
export function createRuleEvaluator(_deps: DeviceDeps): TelemetrySubscriber {
  return { name: 'alerts.rules', onBatch: () => undefined };
}
