/**
 * Automation on fire and on clear (webhooks, gateway commands, virtual sensor values), registered on the
 * alert lifecycle when this module loads; each action is a durable job (actions.ts).
 */
import type { AppDeps } from '../../../platform/http/deps';
import type { JobDefinition } from '../../../platform/jobs/jobQueue';
import type { DeviceDeps } from '../../iotManager';
import { alertHooks } from '../lifecycle/hooks';
import type { AlertRow } from '../lifecycle/raise';
import { runActions } from './actions';
import { outcomeJob } from './outcome';
import { webhookJob } from './webhook';

async function onFired(deps: AppDeps, alert: AlertRow): Promise<void> {
  await runActions(deps, alert, 'fire');
}

async function onCleared(deps: AppDeps, alert: AlertRow): Promise<void> {
  await runActions(deps, alert, 'clear');
}

alertHooks.onFired(onFired);
alertHooks.onCleared(onCleared);

/** The automation's durable jobs (the IoT Manager defines the command and reading jobs). */
export function automationJobs(deps: DeviceDeps): JobDefinition<never>[] {
  return [webhookJob(deps), outcomeJob(deps)];
}

export { runActions } from './actions';
export { recordOutcome } from './outcome';
export { signatureOf, webhookSigningKey } from './signing';
export { callWebhook } from './webhook';
