/**
 * Delivering one stored notification (e-mail, SMS or WhatsApp) as a durable job: queued once per row,
 * run by one node, retried with backoff by the queue (retrying → sent, or failed after the last try).
 * A row already sent or failed is left alone, so a job run twice sends once.
 */
import { brandForHost } from '@ferrite/contracts';
import type { AppDeps } from '../../../platform/http/deps';
import type { JobDefinition, RetryPolicy } from '../../../platform/jobs/jobQueue';
import { AlertRepository } from '../lifecycle/repository';
import { mailBody, mailSubject, shortText } from './message';
import { sendPhoneMessage } from './messaging';
import { NotificationRepository } from './repository';

export const DELIVER_JOB = 'alerts.deliverNotification';

/** Five tries in all: 15 s, 30 s, 60 s and 120 s apart. */
export const DELIVERY_RETRY: RetryPolicy = { limit: 4, delaySeconds: 15, backoff: true };

export interface DeliverJobData {
  notificationId: string;
}

/**
 * Makes one attempt at a notification; on failure records it as retrying (and throws, so the queue
 * tries again) or, on the last try, as failed. Answers the status it left.
 */
export async function deliverNotification(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  notificationId: string,
  lastTry: boolean,
): Promise<'sent' | 'retrying' | 'failed' | 'done'> {
  const repo = new NotificationRepository(deps.db);
  const row = await repo.takeForAttempt(notificationId);
  if (!row) return 'done';
  const alert = await new AlertRepository(deps.db).findPresentable(row.org_id, row.alert_id);
  if (!alert) {
    await repo.settle(row.id, { status: 'failed', error: 'The alert was deleted' });
    return 'failed';
  }
  try {
    if (row.medium === 'email') {
      await deps.mailer.send({
        to: row.recipient,
        subject: mailSubject(alert, row.step),
        text: mailBody(alert, row.step),
        brand: brandForHost(deps.config.brandPrimaryHost, deps.config.brandPrimaryHost),
        orgId: row.org_id,
      });
    } else if (row.medium === 'sms' || row.medium === 'whatsapp') {
      await sendPhoneMessage(deps.config, repo, {
        orgId: row.org_id,
        medium: row.medium,
        to: row.recipient,
        text: shortText(alert, row.step),
      });
    } else {
      throw new Error(`No delivery for ${row.medium}`);
    }
  } catch (error) {
    const reason = (error as Error).message.slice(0, 300);
    const status = lastTry ? 'failed' : 'retrying';
    await repo.settle(row.id, { status, error: reason });
    if (lastTry) return 'failed';
    throw new Error(`Notification ${row.id} not delivered: ${reason}`);
  }
  await repo.settle(row.id, { status: 'sent' });
  return 'sent';
}

/** The delivery job. */
export function deliverJob(deps: AppDeps): JobDefinition<DeliverJobData> {
  return {
    name: DELIVER_JOB,
    // One waiting job per message (its id is the singleton key): a requeue never doubles a delivery.
    policy: 'short',
    retry: DELIVERY_RETRY,
    expireInSeconds: 60,
    run: async (data, attempt) => {
      await deliverNotification(deps, data.notificationId, attempt.retryCount >= DELIVERY_RETRY.limit);
    },
  };
}
