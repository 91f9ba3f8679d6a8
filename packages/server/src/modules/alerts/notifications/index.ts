/**
 * Notifications by e-mail, SMS, WhatsApp and in-app on the durable job queue: registered on the alert
 * lifecycle when this module loads, so a fired alert's first round is queued at the time its policy says
 * (policy.ts); repeats and escalation run on a periodic tick; each message is delivered and retried as a
 * job of its own (deliver.ts).
 */
import type { AppDeps } from '../../../platform/http/deps';
import type { JobDefinition } from '../../../platform/jobs/jobQueue';
import type { DeviceDeps } from '../../iotManager';
import { alertHooks } from '../lifecycle/hooks';
import type { AlertRow } from '../lifecycle/raise';
import { deliverJob } from './deliver';
import { policyJobs, scheduleFirstRound } from './policy';

/** On fire: the group's first round, at the time its policy says. */
async function onFired(deps: AppDeps, alert: AlertRow): Promise<void> {
  await scheduleFirstRound(deps, alert);
}

alertHooks.onFired(onFired);

/** The notifications' durable jobs. */
export function notificationJobs(deps: DeviceDeps): JobDefinition<never>[] {
  return [deliverJob(deps), ...policyJobs(deps)];
}

export { deliverNotification } from './deliver';
export { notifyGroup, policyTick } from './policy';
