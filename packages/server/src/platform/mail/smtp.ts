/** SMTP delivery through nodemailer, used when SMTP_URL is configured. */
import nodemailer from 'nodemailer';
import type { MailMessage } from './mailer';

export interface SmtpTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A pooled SMTP transport for the URL (smtp://user:pass@host:port or smtps://…). */
export function createSmtpTransport(url: string): SmtpTransport {
  const transporter = nodemailer.createTransport(url);
  const fromAddress = new URL(url).searchParams.get('from') ?? 'no-reply@ferrite.local';
  return {
    async send(message) {
      await transporter.sendMail({
        from: { name: message.brand.emailSenderName, address: fromAddress },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close: () => transporter.close(),
  };
}
