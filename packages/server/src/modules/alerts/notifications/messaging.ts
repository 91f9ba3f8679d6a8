/**
 * SMS and WhatsApp through a Twilio-compatible messaging API (POST {base}/2010-04-01/Accounts/{sid}/
 * Messages.json, form-encoded To, From, Body, basic auth; WhatsApp numbers as `whatsapp:+…`). Without a
 * configured API or sender number (embedded), the message is kept in the outbox instead, so a newcomer
 * sees it at /admin/outbox. Neither the token nor a message body is ever logged or kept in an error.
 */
import type { Config } from '../../../config';
import type { Db } from '../../../platform/db/database';
import { NotificationRepository } from './repository';

/** How long a provider may take to answer. */
const PROVIDER_TIMEOUT_MS = 10_000;

export interface PhoneMessage {
  orgId: string;
  medium: 'sms' | 'whatsapp';
  to: string;
  text: string;
}

/** Sends the message (or keeps it in the outbox); throws a short reason when the provider refuses it. */
export async function sendPhoneMessage(
  config: Pick<Config, 'messaging'>,
  repo: NotificationRepository,
  message: PhoneMessage,
): Promise<'provider' | 'outbox'> {
  const api = config.messaging;
  const from = message.medium === 'sms' ? api?.smsFrom : api?.whatsappFrom;
  if (!api || !from) {
    await repo.keepInOutbox(message.orgId, message.medium, message.to, from ?? 'Ferrite', message.text);
    return 'outbox';
  }
  const prefix = message.medium === 'whatsapp' ? 'whatsapp:' : '';
  const url = `${api.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(api.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${api.accountSid}:${api.authToken}`).toString('base64');
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${auth}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        To: `${prefix}${message.to}`,
        From: `${prefix}${from}`,
        Body: message.text,
      }).toString(),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
    throw new Error(`The messaging provider ${reason}`);
  }
  // Only the status is kept: the provider's answer may echo the message.
  await response.body?.cancel().catch(() => undefined);
  if (!response.ok) throw new Error(`The messaging provider answered ${response.status}`);
  return 'provider';
}

/** Sends an SMS or WhatsApp message for any app (Stream Logic's message sink): the provider, or the outbox. */
export function sendTextMessage(
  deps: { config: Pick<Config, 'messaging'>; db: Db },
  message: PhoneMessage,
): Promise<'provider' | 'outbox'> {
  return sendPhoneMessage(deps.config, new NotificationRepository(deps.db), message);
}
