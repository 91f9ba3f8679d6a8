/** Forgot password: mails a single-use reset link, saying nothing about whether the account exists. */
import { type BrandSet, PASSWORD_RESET_TTL_SECONDS, resetMailWaitMessage } from '@ferrite/contracts';
import type { Mailer } from '../../../platform/mail/mailer';
import type { MailQuota } from '../../../platform/mail/mailThrottle';
import { hashOpaqueToken, newOpaqueToken } from '../../../platform/security/opaqueTokens';
import type { AuthRepository } from '../repository';

/**
 * Reset links anyone may ask for, per hour: a person who lost their password asks once or twice, and a
 * household or office behind one address rarely more than a few times; beyond that it is an inbox being
 * flooded (takeMailQuota counts every e-mail asked for, with an account or not).
 */
export const RESET_MAIL_QUOTA: MailQuota = {
  kind: 'reset-password',
  perRecipient: 3,
  perAddress: 20,
  windowSeconds: 60 * 60,
  waitMessage: resetMailWaitMessage,
};

/** Mails a reset link when the account exists; the caller answers 202 either way. */
export async function requestPasswordReset(
  repo: AuthRepository,
  mailer: Mailer,
  email: string,
  context: { publicUrl: string; brand: BrandSet },
): Promise<void> {
  const user = await repo.findUserByEmail(email);
  if (!user) return;
  const token = newOpaqueToken();
  await repo.insertPasswordReset(
    user.id,
    hashOpaqueToken(token),
    new Date(Date.now() + PASSWORD_RESET_TTL_SECONDS * 1000),
  );
  const link = `${context.publicUrl}/reset_password?token=${encodeURIComponent(token)}`;
  const minutes = PASSWORD_RESET_TTL_SECONDS / 60;
  await mailer.send({
    to: user.email,
    brand: context.brand,
    subject: `Reset your ${context.brand.name} password`,
    text: `Hello ${user.name},\n\nSomeone asked to reset the password of your ${context.brand.name} account. Open this link within ${minutes} minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>Someone asked to reset the password of your ${escapeHtml(context.brand.name)} account. Open this link within ${minutes} minutes to choose a new one:</p><p><a href="${link}">Reset my password</a></p><p>If it was not you, ignore this message; your password stays as it is.</p>`,
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
