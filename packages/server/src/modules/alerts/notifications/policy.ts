/**
 * Pacing by the alert's policy (as it was when the alert fired). The first round of a group is a
 * delayed job, `group_wait_s` after the first alert of the group (alerts that join meanwhile go along)
 * and never sooner than `group_interval_s` after the group was last notified. Repeats and escalation are
 * a periodic tick over active alerts: what is due is worked out from the alert's firing time and the
 * round and step kept on the alert, and moved on with a conditional update, so each round is sent once
 * across nodes and a restart (or a tick missed) resumes where the database says.
 */
import { type EscalationStep, type RulePolicy, rulePolicySchema } from '@ferrite/contracts';
import type { AppDeps } from '../../../platform/http/deps';
import type { JobDefinition } from '../../../platform/jobs/jobQueue';
import type { AlertRow } from '../lifecycle/raise';
import { NotificationRepository } from './repository';
import { queueDelivery, sendRound } from './rounds';

export const GROUP_JOB = 'alerts.notifyGroup';
export const POLICY_TICK_JOB = 'alerts.policyTick';
/** How often repeats and escalation are looked at: a repeat or step is at most this late. */
export const POLICY_TICK_SECONDS = 15;
const TICK_PAGE = 500;
const STRANDED_AFTER_MS = 120_000;
const MISSED_WINDOW_MS = 3_600_000;

export interface GroupJobData {
  orgId: string;
  groupKey: string;
}

const DEFAULT_POLICY: RulePolicy = rulePolicySchema.parse({});

/**
 * The alert's stored policy with defaults for what it leaves out. Alerts of other apps store none: they
 * are told once (no repeats, no escalation), as the SQL of the tick's candidates assumes too.
 */
export function policyOf(alert: Pick<AlertRow, 'policy'>): RulePolicy {
  const stored = alert.policy as Partial<RulePolicy>;
  if (Object.keys(stored).length === 0) return { ...DEFAULT_POLICY, repeat_interval_s: 0, escalation: [] };
  return { ...DEFAULT_POLICY, ...stored };
}

/** When the alert's first round is due: its group wait after firing, and a group interval after the group's last round. */
async function firstRoundAt(repo: NotificationRepository, alert: AlertRow): Promise<number> {
  const policy = policyOf(alert);
  const at = new Date(alert.fired_at).getTime() + policy.group_wait_s * 1_000;
  const last = await repo.lastNotifiedOfGroup(alert.org_id, alert.group_key);
  return last ? Math.max(at, last.getTime() + policy.group_interval_s * 1_000) : at;
}

/** Queues the first round of a fired alert's group at the time its policy says. */
export async function scheduleFirstRound(deps: AppDeps, alert: AlertRow): Promise<void> {
  const at = await firstRoundAt(new NotificationRepository(deps.db), alert);
  await deps.jobs.send<GroupJobData>(
    GROUP_JOB,
    { orgId: alert.org_id, groupKey: alert.group_key },
    // One waiting job per group: alerts joining while it waits are sent with it.
    { startAfter: new Date(Math.max(at, Date.now())), singletonKey: `${alert.org_id}:${alert.group_key}` },
  );
}

/** The first round for every active alert of a group that has not had it. */
export async function notifyGroup(deps: AppDeps, data: GroupJobData, now: Date): Promise<number> {
  const repo = new NotificationRepository(deps.db);
  let sent = 0;
  for (const alert of await repo.activeOfGroup(data.orgId, data.groupKey)) {
    sent += await sendRound(deps, alert, {
      round: 0,
      step: 0,
      media: alert.media,
      recipients: alert.recipient_spec,
      now,
    });
  }
  return sent;
}

/** Repeats and escalation steps due by `now`, for every active, unsnoozed alert; then stranded messages. */
export async function policyTick(deps: AppDeps, now: Date): Promise<void> {
  const repo = new NotificationRepository(deps.db);
  let afterId: string | null = null;
  for (;;) {
    const page = await repo.activeWithPolicy(now, afterId, TICK_PAGE);
    for (const alert of page) {
      try {
        await repeatIfDue(deps, repo, alert, now);
        await escalateIfDue(deps, repo, alert, now);
      } catch (error) {
        deps.log.error({ err: error, alertId: alert.id }, 'Alert repeat or escalation failed');
      }
    }
    if (page.length < TICK_PAGE) break;
    afterId = page[page.length - 1]?.id ?? null;
  }
  await requeueStranded(deps, repo, now);
  await sendMissedFirstRounds(deps, repo, now);
}

/**
 * First rounds a node never queued (it stopped between raising the alert and queueing the round): an
 * active alert of the last hour with no notification two minutes after its group wait gets its round.
 * Alerts with nobody to tell are looked at again each tick, but only for that hour.
 */
async function sendMissedFirstRounds(deps: AppDeps, repo: NotificationRepository, now: Date): Promise<void> {
  const candidates = await repo.unnotified(
    new Date(now.getTime() - MISSED_WINDOW_MS),
    new Date(now.getTime() - STRANDED_AFTER_MS),
  );
  for (const alert of candidates) {
    if ((await firstRoundAt(repo, alert)) + STRANDED_AFTER_MS > now.getTime()) continue;
    try {
      await sendRound(deps, alert, {
        round: 0,
        step: 0,
        media: alert.media,
        recipients: alert.recipient_spec,
        now,
      });
    } catch (error) {
      deps.log.error({ err: error, alertId: alert.id }, 'Missed first round not sent');
    }
  }
}

/**
 * Messages stored but never attempted two minutes on (a node stopped between storing a round and
 * queueing it) are queued again; in-app ones count as delivered (the inbox lists them). A delivery job
 * still waiting keeps its place: the queue holds one per message (its singleton key).
 */
async function requeueStranded(deps: AppDeps, repo: NotificationRepository, now: Date): Promise<void> {
  const stranded = await repo.stranded(new Date(now.getTime() - STRANDED_AFTER_MS));
  await repo.markSent(stranded.filter((row) => row.medium === 'in_app').map((row) => row.id));
  for (const row of stranded) if (row.medium !== 'in_app') await queueDelivery(deps, row.id);
}

async function repeatIfDue(deps: AppDeps, repo: NotificationRepository, alert: AlertRow, now: Date) {
  const policy = policyOf(alert);
  if (policy.repeat_interval_s <= 0) return;
  const first = new Date(alert.fired_at).getTime() + policy.group_wait_s * 1_000;
  // Rounds missed while every node was down are not made up one by one: the latest due one is sent.
  const due = Math.floor((now.getTime() - first) / (policy.repeat_interval_s * 1_000));
  if (due <= alert.repeat_round) return;
  // Sent before the round is moved on: a crash in between sends it again at the next tick, and the
  // unique row per recipient and round keeps a second tick (or node) from sending anything twice.
  await sendRound(deps, alert, {
    round: due,
    step: 0,
    media: alert.media,
    recipients: alert.recipient_spec,
    now,
  });
  await repo.advanceRound(alert.id, alert.repeat_round, due);
}

async function escalateIfDue(deps: AppDeps, repo: NotificationRepository, alert: AlertRow, now: Date) {
  const steps: EscalationStep[] = [...policyOf(alert).escalation].sort((a, b) => a.after_s - b.after_s);
  const since = (now.getTime() - new Date(alert.fired_at).getTime()) / 1_000;
  const due = steps.filter((step) => step.after_s <= since).length;
  if (due <= alert.escalation_step) return;
  for (let index = alert.escalation_step; index < due; index++) {
    const step = steps[index] as EscalationStep;
    await sendRound(deps, alert, {
      round: 0,
      step: index + 1,
      media: step.media,
      recipients: step.recipients,
      now,
    });
  }
  await repo.advanceStep(alert.id, alert.escalation_step, due);
}

/** The group job and the periodic tick. */
export function policyJobs(deps: AppDeps): JobDefinition<never>[] {
  const group: JobDefinition<GroupJobData> = {
    name: GROUP_JOB,
    policy: 'short',
    retry: { limit: 3, delaySeconds: 10, backoff: true },
    run: async (data) => {
      await notifyGroup(deps, data, new Date());
    },
  };
  const tick: JobDefinition = {
    name: POLICY_TICK_JOB,
    everySeconds: POLICY_TICK_SECONDS,
    run: () => policyTick(deps, new Date()),
  };
  return [group, tick];
}
