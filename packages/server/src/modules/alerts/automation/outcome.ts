/**
 * The IoT Manager's answer to a command or reading Alerts asked for, as a line of the alert's timeline:
 * a job of Alerts (AUTOMATION_OUTCOME_JOB) the IoT Manager sends to, so neither imports the other's code.
 */
import type { AppDeps } from '../../../platform/http/deps';
import type { JobDefinition } from '../../../platform/jobs/jobQueue';
import { AlertRepository } from '../lifecycle/repository';
import { AUTOMATION_OUTCOME_JOB, type AutomationOutcome } from './jobNames';

/** Records the outcome on the alert's timeline (nothing when the alert is gone or of another organization). */
export async function recordOutcome(deps: Pick<AppDeps, 'db'>, outcome: AutomationOutcome): Promise<boolean> {
  const alerts = new AlertRepository(deps.db);
  if (!(await alerts.findPresentable(outcome.orgId, outcome.alertId))) return false;
  await alerts.addEvent(outcome.orgId, outcome.alertId, 'automation', null, outcome.text.slice(0, 500));
  return true;
}

/** The outcome job. */
export function outcomeJob(deps: AppDeps): JobDefinition<AutomationOutcome> {
  return {
    name: AUTOMATION_OUTCOME_JOB,
    retry: { limit: 2, delaySeconds: 10, backoff: true },
    run: async (outcome) => {
      await recordOutcome(deps, outcome);
    },
  };
}
