/**
 * A webhook call as a durable job: POSTs the alert as JSON, signed (signing.ts), with
 * `X-Ferrite-Event: alert.fired | alert.cleared`; a 2xx answer is success, anything else (or no answer in
 * 10 s) is tried again with backoff. At most 64 kB of the answer is read. The outcome, success or the
 * last failure, is a line of the alert's timeline.
 */
import type { AppDeps } from '../../../platform/http/deps';
import type { JobDefinition, RetryPolicy } from '../../../platform/jobs/jobQueue';
import { AlertRepository } from '../lifecycle/repository';
import { signatureOf, webhookSigningKey } from './signing';

export const WEBHOOK_JOB = 'alerts.webhook';
/** Six tries in all: 10 s, 20 s, 40 s, 80 s and 160 s apart. */
export const WEBHOOK_RETRY: RetryPolicy = { limit: 5, delaySeconds: 10, backoff: true };
const TIMEOUT_MS = 10_000;
const ANSWER_MAX_BYTES = 64 * 1024;

export interface WebhookJobData {
  orgId: string;
  alertId: string;
  url: string;
  event: 'alert.fired' | 'alert.cleared';
  /** The JSON body as queued: a retry sends (and signs) the very same bytes. */
  body: string;
}

/** Where a webhook goes, for the timeline (no query: it may hold a token). */
function shownUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** One POST; throws a short reason unless the answer is 2xx. */
async function post(deps: AppDeps, data: WebhookJobData): Promise<number> {
  if (!/^https?:\/\//i.test(data.url)) throw new Error('Only http(s) webhooks are called');
  const key = await webhookSigningKey(deps, data.orgId);
  let response: Response;
  try {
    response = await fetch(data.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Ferrite-Alerts',
        'x-ferrite-event': data.event,
        'x-ferrite-signature': signatureOf(data.body, key),
      },
      body: data.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(
      (error as Error).name === 'TimeoutError' ? 'no answer within 10 s' : 'could not be reached',
    );
  }
  await drain(response);
  if (response.status < 200 || response.status >= 300) throw new Error(`answered ${response.status}`);
  return response.status;
}

/** Reads at most 64 kB of the answer (so the receiver finishes its reply) and lets the rest go. */
async function drain(response: Response): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) return;
  let read = 0;
  try {
    while (read < ANSWER_MAX_BYTES) {
      const chunk = await reader.read();
      if (chunk.done) return;
      read += chunk.value.byteLength;
    }
  } catch {
    // An answer cut short is still an answer: its status counts.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** Calls the webhook once; on failure throws (to be retried) unless it was the last try. */
export async function callWebhook(deps: AppDeps, data: WebhookJobData, lastTry: boolean): Promise<void> {
  const alerts = new AlertRepository(deps.db);
  const where = shownUrl(data.url);
  try {
    const status = await post(deps, data);
    await alerts.addEvent(
      data.orgId,
      data.alertId,
      'automation',
      null,
      `Webhook ${where} answered ${status}`,
    );
  } catch (error) {
    const reason = (error as Error).message;
    if (!lastTry) throw new Error(`Webhook ${where} ${reason}`);
    await alerts.addEvent(
      data.orgId,
      data.alertId,
      'automation',
      null,
      `Webhook ${where} failed after ${WEBHOOK_RETRY.limit + 1} tries: ${reason}`,
    );
  }
}

/** The webhook job. */
export function webhookJob(deps: AppDeps): JobDefinition<WebhookJobData> {
  return {
    name: WEBHOOK_JOB,
    retry: WEBHOOK_RETRY,
    expireInSeconds: 60,
    run: (data, attempt) => callWebhook(deps, data, attempt.retryCount >= WEBHOOK_RETRY.limit),
  };
}
