/**
 * A webhook call as a durable job: POSTs the alert as JSON, signed (signing.ts), with
 * `X-Ferrite-Event: alert.fired | alert.cleared`; a 2xx answer is success, anything else (or no answer in
 * 10 s) is tried again with backoff. At most 64 kB of the answer is read; redirects are not followed; the
 * address is checked against WEBHOOK_NETWORKS (platform/http/outboundAddress.ts). The outcome, success or the last
 * failure, is a line of the alert's timeline.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { AppDeps } from '../../../platform/http/deps';
import { guardedLookup, refusedAddress } from '../../../platform/http/outboundAddress';
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
  const url = new URL(data.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('Only http(s) webhooks are called');
  const networks = deps.config.webhookNetworks;
  // A literal address is connected to without a lookup, so it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  const refusal = isIP(literal) ? refusedAddress(literal, networks) : null;
  if (refusal) throw new Error(`was not called: ${refusal}`);
  const key = await webhookSigningKey(deps, data.orgId);
  const body = Buffer.from(data.body);
  return new Promise<number>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          'user-agent': 'Ferrite-Alerts',
          'x-ferrite-event': data.event,
          'x-ferrite-signature': signatureOf(data.body, key),
        },
        lookup: guardedLookup(networks),
        timeout: TIMEOUT_MS,
      },
      (response) => {
        // At most 64 kB of the answer is read (so the receiver finishes its reply); then it is let go.
        let read = 0;
        const status = response.statusCode ?? 0;
        const done = () =>
          status >= 200 && status < 300 ? resolve(status) : reject(new Error(`answered ${status}`));
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= ANSWER_MAX_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ETIMEDOUT'
            ? 'no answer within 10 s'
            : error.code === 'EREFUSEDADDRESS'
              ? `was not called: ${error.message}`
              : 'could not be reached',
        ),
      ),
    );
    request.end(body);
  });
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
