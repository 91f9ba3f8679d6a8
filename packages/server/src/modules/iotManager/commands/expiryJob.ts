/**
 * Command expiry as durable delayed work: dispatching a command queues a job at its expires_at (a row
 * of the platform's job queue, so it survives a restart and runs on whichever node is up), which marks
 * it timed_out unless it was answered. The same queue runs a catch-up each minute for commands whose
 * job was never queued (dispatched before this job existed, or its queueing failed).
 */
import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/database';
import { CHORE_RETRY, type JobDefinition, type JobQueue } from '../../../platform/jobs/jobQueue';
import type { RealtimeHub } from '../../../platform/realtime/realtimeHub';
import { expireCommands } from './expireCommands';

export const COMMAND_EXPIRY_JOB = 'iotManager.commandExpiry';

export interface CommandExpiryData {
  /** The expires_at the job was queued for (absent on the catch-up's cron ticks). */
  expiresAt?: string;
}

/** The expiry job: times out every command due, as of its queued expires_at at the latest. */
export function commandExpiryJob(deps: { db: Db; realtime: RealtimeHub }): JobDefinition<CommandExpiryData> {
  return {
    name: COMMAND_EXPIRY_JOB,
    cron: '* * * * *',
    // One waiting job per expiry time: a rollout to many gateways queues one, not one per gateway.
    policy: 'short',
    retry: CHORE_RETRY,
    run: async (data) => {
      // The queue started it by the database's clock; a node whose clock is a little behind still
      // expires what the job was queued for.
      const queuedFor = data.expiresAt ? Date.parse(data.expiresAt) : 0;
      await expireCommands(deps.db, deps.realtime, new Date(Math.max(Date.now(), queuedFor)));
    },
  };
}

/** Queues the expiry of a command at its expires_at; a failure is logged (the minute's catch-up expires it). */
export async function queueCommandExpiry(
  deps: { jobs: Pick<JobQueue, 'send'>; log: Pick<Logger, 'warn'> },
  expiresAt: Date,
): Promise<void> {
  const at = expiresAt.toISOString();
  try {
    await deps.jobs.send<CommandExpiryData>(
      COMMAND_EXPIRY_JOB,
      { expiresAt: at },
      { startAfter: expiresAt, singletonKey: at },
    );
  } catch (error) {
    deps.log.warn({ err: error, expiresAt: at }, 'Command expiry not queued; the next catch-up expires it');
  }
}
