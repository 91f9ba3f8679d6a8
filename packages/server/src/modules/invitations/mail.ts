/** The invitation mail and its link; the link's path tells the web app which form to show. */
import { type BrandSet, INVITATION_TTL_DAYS, type Invitation } from '@ferrite/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../platform/mail/mailer';

export interface InvitationMailContext {
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  brand: BrandSet;
}

/** `/orgs/{orgId}/set-password/{token}` for new people, `/orgs/{orgId}/join-org/{token}` for existing accounts. */
export function invitationLink(
  publicUrl: string,
  orgId: string,
  kind: Invitation['kind'],
  token: string,
): string {
  return `${publicUrl}/orgs/${orgId}/${kind}/${encodeURIComponent(token)}`;
}

/**
 * Mails the invitation link. The invitation is already committed, so a transport failure is logged
 * rather than thrown: the outbox keeps the message and the invitation can be resent.
 */
export async function sendInvitationMail(
  context: InvitationMailContext,
  invitation: { email: string; name: string; kind: Invitation['kind'] },
  org: { id: string; name: string },
  inviterName: string,
  token: string,
): Promise<void> {
  const link = invitationLink(context.publicUrl, org.id, invitation.kind, token);
  const greeting = invitation.name ? `Hello ${invitation.name},` : 'Hello,';
  const action =
    invitation.kind === 'set-password'
      ? 'Open this link to choose your password and enter the organization:'
      : `Open this link and confirm with your ${context.brand.name} password to join:`;
  try {
    await context.mailer.send({
      to: invitation.email,
      brand: context.brand,
      orgId: org.id,
      subject: `${inviterName} invited you to ${org.name} on ${context.brand.name}`,
      text: `${greeting}\n\n${inviterName} invited you to work in ${org.name} on ${context.brand.name}. ${action}\n\n${link}\n\nThe link can be used once and expires in ${INVITATION_TTL_DAYS} days. If you did not expect this invitation, ignore this message.`,
    });
  } catch (error) {
    context.log.error({ err: error, to: invitation.email }, 'invitation mail could not be sent');
  }
}
