/** TODO(issue 28): automation on fire and on clear (webhooks, commands, virtual sensors). */
import type { JobDefinition } from '../../../platform/jobs/jobQueue';
import type { DeviceDeps } from '../../iotManager';

/** The automation's durable jobs. */
export function automationJobs(_deps: DeviceDeps): JobDefinition<never>[] {
  return [];
}
