/** Reset password: consumes the single-use token, sets the new password and ends every open session. */
import type { ClusterBus } from '../../../platform/cluster';
import { problems } from '../../../platform/http/problem';
import { announceSessionsEnded } from '../../../platform/realtime/sessionEnds';
import { hashOpaqueToken } from '../../../platform/security/opaqueTokens';
import { hashPassword } from '../../../platform/security/passwords';
import type { AuthRepository } from '../repository';

/** Sets a new password from a reset token; 400 when the token is unknown, used or expired. */
export async function resetPassword(
  repo: AuthRepository,
  bus: ClusterBus,
  token: string,
  password: string,
): Promise<void> {
  const userId = await repo.consumePasswordReset(hashOpaqueToken(token), await hashPassword(password));
  if (!userId) {
    throw problems.badRequest(
      'This password reset link is invalid, already used or expired. Ask for a new one.',
    );
  }
  await repo.revokeUserSessions(userId, 'password reset');
  // Their sockets close on every node too, in every organization.
  await announceSessionsEnded(bus, { userId }, 'password_reset');
}
