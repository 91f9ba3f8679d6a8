/**
 * What Alerts' automation asks of the IoT Manager, as durable jobs (names from Alerts' front door, so
 * Alerts never imports this module): a command to a gateway through the usual command path (stored,
 * pushed or left for the device to fetch, logged, expired), and a value written to a (virtual) sensor
 * through the ingest pipeline (durable, then handed to every telemetry subscriber, live values and rule
 * evaluation among them). Both check that the gateway or sensor is the alert's organization's: a rule
 * naming another organization's never reaches it.
 */

import { Repository } from '../../../platform/db/repository';
import type { JobDefinition } from '../../../platform/jobs/jobQueue';
import { runsOfPoints } from '../../../telemetry/pointRuns';
import {
  AUTOMATION_COMMAND_JOB,
  AUTOMATION_READING_JOB,
  type AutomationCommandJob,
  type AutomationReadingJob,
} from '../../alerts';
import { GatewayRepository } from '../gateways/repository';
import type { DeviceDeps } from '../ingest/deviceServices';
import { dispatchCommand } from './dispatch';
import { CommandRepository } from './repository';

/** How long an automation command waits for its gateway. */
const COMMAND_TIMEOUT_MS = 300_000;
const RETRY = { limit: 3, delaySeconds: 10, backoff: true };

/** The sensors automation may write to. */
class AutomationTargets extends Repository {
  /** The name of the organization's sensor, or null when the id is none of its sensors. */
  async sensorName(orgId: string, id: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('entities')
      .select('name')
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('kind', '=', 'sensor')
      .executeTakeFirst();
    return row?.name ?? null;
  }
}

/** Tells Alerts how the action went (its outcome job writes the alert's timeline line). */
async function answer(
  deps: DeviceDeps,
  data: AutomationCommandJob | AutomationReadingJob,
  ok: boolean,
  text: string,
): Promise<void> {
  if (!ok) deps.log.warn({ orgId: data.orgId, alertId: data.alertId }, text);
  if (data.outcomeJob)
    await deps.jobs.send(data.outcomeJob, { orgId: data.orgId, alertId: data.alertId, ok, text });
}

/**
 * Sends the command as "Alert automation" (no person created it). The job's id is the command's id, so
 * a retried job finds its command and sends no second one.
 */
export async function runAutomationCommand(
  deps: DeviceDeps,
  data: AutomationCommandJob,
  jobId: string,
): Promise<'sent' | 'skipped'> {
  const repo = new CommandRepository(deps.db);
  const gateway = await new GatewayRepository(deps.db).findById(data.orgId, data.gatewayId);
  if (!gateway || gateway.archived_at) {
    const why = gateway ? `gateway "${gateway.name}" is archived` : 'no such gateway in this organization';
    await answer(deps, data, false, `Command "${data.name}" not sent: ${why}`);
    return 'skipped';
  }
  if (await repo.findById(data.orgId, jobId)) return 'skipped';
  await repo.insert({
    id: jobId,
    orgId: data.orgId,
    gatewayId: data.gatewayId,
    name: data.name,
    value: data.value,
    createdBy: null,
    expiresAt: new Date(Date.now() + COMMAND_TIMEOUT_MS),
  });
  const row = await repo.findById(data.orgId, jobId);
  if (!row) return 'skipped';
  const { sent } = await dispatchCommand(repo, deps, gateway, row, {
    what: `command "${data.name}" from Alert automation`,
  });
  const how = sent ? 'sent to' : 'queued until it is fetched by';
  await answer(deps, data, true, `Command "${data.name}" ${how} gateway "${gateway.name}"`);
  return 'sent';
}

/** Stores the value as a reading of the sensor; a retry at the same time stores nothing twice. */
export async function runAutomationReading(
  deps: DeviceDeps,
  data: AutomationReadingJob,
): Promise<'stored' | 'skipped'> {
  const sensor = await new AutomationTargets(deps.db).sensorName(data.orgId, data.sensorId);
  if (sensor === null) {
    await answer(
      deps,
      data,
      false,
      `Value ${data.value} for ${data.paramKey} not written: no such sensor in this organization`,
    );
    return 'skipped';
  }
  const point = {
    orgId: data.orgId,
    sensorId: data.sensorId,
    paramKey: data.paramKey,
    ts: new Date(data.ts),
    value: data.value,
  };
  const duplicates = await deps.ingest.batcher.add(runsOfPoints([point]));
  // A retry finds its point stored already: the first run answered.
  if (!duplicates)
    await answer(deps, data, true, `Value ${data.value} written to ${data.paramKey} of "${sensor}"`);
  return 'stored';
}

/** The two automation jobs. */
export function alertAutomationJobs(deps: DeviceDeps): JobDefinition<never>[] {
  const command: JobDefinition<AutomationCommandJob> = {
    name: AUTOMATION_COMMAND_JOB,
    retry: RETRY,
    run: async (data, attempt) => {
      await runAutomationCommand(deps, data, attempt.id);
    },
  };
  const reading: JobDefinition<AutomationReadingJob> = {
    name: AUTOMATION_READING_JOB,
    retry: RETRY,
    run: async (data) => {
      await runAutomationReading(deps, data);
    },
  };
  return [command, reading];
}
