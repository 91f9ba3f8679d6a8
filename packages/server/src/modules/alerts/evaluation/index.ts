/**
 * Rule evaluation: on every durable telemetry batch (the module's telemetry subscriber), pending
 * durations due and silence on a schedule (jobs), preview and backtest (routes).
 */
import type { AppDeps } from '../../../platform/http/deps';
import type { JobDefinition } from '../../../platform/jobs/jobQueue';
import type { TelemetrySubscriber } from '../../../platform/module';
import { evaluationOf } from './evaluation';
import { RuleEvaluator } from './evaluator';
import { evaluationJobDefinitions } from './jobs';

export { checkSilence, firePendingDue, PENDING_DUE_JOB, STALENESS_JOB } from './jobs';

/** The evaluation's durable jobs (pending durations due, silence). */
export function evaluationJobs(deps: AppDeps): JobDefinition<never>[] {
  return evaluationJobDefinitions(deps);
}

/** The subscriber that evaluates rules on every durable batch. */
export function createRuleEvaluator(deps: AppDeps, clock?: () => number): TelemetrySubscriber {
  return new RuleEvaluator(evaluationOf(deps), clock);
}
