/**
 * One round of notifications for one alert: the first round, a repeat, or an escalation step. Each
 * message is a row first (unique per alert, medium, recipient, round and step), and only rows this call
 * inserted are sent, so a round run twice (two nodes, a retried job, a restart) sends nothing twice.
 * In-app messages are delivered at once through the socket; the others go on the durable queue.
 * Under an active silence the round is recorded as muted and nothing is sent.
 */
import { ALERT_SOCKET_EVENTS, type Recipients, socketRoomName } from '@ferrite/contracts';
import type { AppDeps } from '../../../platform/http/deps';
import { presentAlert } from '../lifecycle/presenter';
import type { AlertRow } from '../lifecycle/raise';
import { AlertRepository } from '../lifecycle/repository';
import { activeSilenceFor } from '../silences/match';
import { DELIVER_JOB, type DeliverJobData } from './deliver';
import { roundSummary } from './message';
import { planNotifications } from './recipients';
import { NotificationRepository } from './repository';

export interface RoundInput {
  round: number;
  /** 0 for the alert's own recipients; N for escalation step N. */
  step: number;
  media: readonly string[];
  recipients: Partial<Recipients> | null;
  now: Date;
}

/** Queues the delivery of a stored message; one waiting job per message (the queue's `short` policy). */
export async function queueDelivery(deps: Pick<AppDeps, 'jobs'>, notificationId: string): Promise<void> {
  await deps.jobs.send<DeliverJobData>(DELIVER_JOB, { notificationId }, { singletonKey: notificationId });
}

/** Sends one round of an alert; answers how many messages this call queued or muted. */
export async function sendRound(deps: AppDeps, alert: AlertRow, input: RoundInput): Promise<number> {
  const repo = new NotificationRepository(deps.db);
  const alerts = new AlertRepository(deps.db);
  const planned = await planNotifications(repo, alert.org_id, input.media, input.recipients);
  if (planned.length === 0) return 0;
  const silence = await activeSilenceFor(deps.db, alert, input.now);
  if (silence) {
    const muted = await repo.insertRound(alert, planned, input.round, input.step, 'muted');
    if (muted.length > 0)
      await alerts.addEvent(
        alert.org_id,
        alert.id,
        'notified',
        null,
        `Muted by a silence: ${roundSummary(muted)} not sent`,
        input.now,
      );
    return muted.length;
  }
  const inserted = await repo.insertRound(alert, planned, input.round, input.step, 'queued');
  if (inserted.length === 0) return 0;
  const inApp = inserted.filter((row) => row.medium === 'in_app');
  await repo.markSent(inApp.map((row) => row.id));
  for (const row of inserted) if (row.medium !== 'in_app') await queueDelivery(deps, row.id);
  await repo.addTold(
    alert.org_id,
    alert.id,
    inserted.map((row) => row.recipient),
  );
  const summary = roundSummary(inserted);
  const text =
    input.step > 0
      ? `Escalated (step ${input.step}): ${summary}`
      : input.round > 0
        ? `Repeat ${input.round}: ${summary}`
        : summary;
  await alerts.addEvent(
    alert.org_id,
    alert.id,
    input.step > 0 ? 'escalated' : 'notified',
    null,
    text,
    input.now,
  );
  if (inApp.length > 0) {
    const shown = await alerts.findPresentable(alert.org_id, alert.id);
    if (shown)
      deps.realtime.emit(
        socketRoomName({ kind: 'orgAlerts', orgId: alert.org_id }),
        ALERT_SOCKET_EVENTS.notified,
        {
          alert: presentAlert(shown),
          user_ids: inApp.flatMap((row) => (row.user_id ? [row.user_id] : [])),
        },
      );
  }
  return inserted.length;
}
