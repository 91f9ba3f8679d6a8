/**
 * A webhook call as a durable job: POSTs the alert as JSON, signed (signing.ts), with
 * `X-Ferrite-Event: alert.fired | alert.cleared`; a 2xx answer is success, anything else (or no answer in
 * 10 s) is tried again with backoff. At most 64 kB of the answer is read; redirects are not followed; the
 * address is checked against WEBHOOK_NETWORKS (platform/http/outboundAddress.ts). The outcome, success or the last
 * failure, is a line of the alert's timeline.
 */
import type { AppDeps } from '../../../platform/http/deps';
import { OutboundPostError, postOutbound } from '../../../platform/http/outboundPost';
import type { JobDefinition, RetryPolicy } from '../../../platform/jobs/jobQueue';
import { AlertRepository } from '../lifecycle/repository';
import { signatureOf, webhookSigningKey } from './signing';

export const WEBHOOK_JOB = 'alerts.webhook';
/** Six tries in all: 10 s, 20 s, 40 s, 80 s and 160 s apart. */
export const WEBHOOK_RETRY: RetryPolicy = { limit: 5, delaySeconds: 10, backoff: true };
const TIMEOUT_MS = 10_000;

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
  const url = new URL(data.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('Only http(s) webhooks are called');
  const key = await webhookSigningKey(deps, data.orgId);
  let status: number;
  try {
    status = await postOutbound(url, Buffer.from(data.body), {
      networks: deps.config.webhookNetworks,
      timeoutMs: TIMEOUT_MS,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Ferrite-Alerts',
        'x-ferrite-event': data.event,
        'x-ferrite-signature': signatureOf(data.body, key),
      },
    });
  } catch (error) {
    const reason = error instanceof OutboundPostError ? error.reason : 'unreachable';
    throw new Error(
      reason === 'timeout'
        ? 'no answer within 10 s'
        : reason === 'refused'
          ? `was not called: ${(error as Error).message}`
          : 'could not be reached',
    );
  }
  if (status < 200 || status >= 300) throw new Error(`answered ${status}`);
  return status;
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
