/** Outgoing mail: kept in the outbox table always, and sent over SMTP when SMTP_URL is set. */
import type { BrandSet } from '@ferrite/contracts';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { createSmtpTransport, type SmtpTransport } from './smtp';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The brand whose sender name the message carries. */
  brand: BrandSet;
  orgId?: string | null;
}

/** Sends mail; the outbox row is the record of what was sent, and in embedded mode the delivery itself. */
export class Mailer {
  private readonly smtp: SmtpTransport | null;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    smtpUrl: string | undefined,
  ) {
    this.smtp = smtpUrl ? createSmtpTransport(smtpUrl) : null;
  }

  /** Records the message in the outbox and delivers it over SMTP when configured. */
  async send(message: MailMessage): Promise<void> {
    const transport = this.smtp ? 'smtp' : 'outbox';
    await this.db
      .insertInto('outbox')
      .values({
        org_id: message.orgId ?? null,
        to_address: message.to,
        from_name: message.brand.emailSenderName,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        transport,
      })
      .execute();
    // Bodies may hold one-time links, so only the envelope is logged.
    this.log.info({ to: message.to, subject: message.subject, transport }, 'mail queued');
    if (this.smtp) await this.smtp.send(message);
  }

  /** Closes the SMTP connection pool, if any. */
  close(): void {
    this.smtp?.close();
  }
}
