/** TODO(issue 28): notifications (e-mail, SMS, WhatsApp, in-app) on the durable job queue. */
import type { JobDefinition } from '../../../platform/jobs/jobQueue';
import type { DeviceDeps } from '../../iotManager';

/** The notifications' durable jobs. */
export function notificationJobs(_deps: DeviceDeps): JobDefinition<never>[] {
  return [];
}
