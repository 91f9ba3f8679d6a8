/** The organization user limit (limits.users): what inviting, unarchiving and accepting must respect. */
import { problems } from '../../platform/http/problem';
import type { TenantRepository } from './repository';

/**
 * Throws 409 when one more person would exceed the organization's user limit. Active members and
 * pending invitations both hold seats; `exceptEmail` leaves out invitations to that address (the
 * one being replaced or accepted).
 */
export async function assertSeatFree(
  repo: TenantRepository,
  orgId: string,
  options: { exceptEmail?: string; countInvitations?: boolean } = {},
): Promise<void> {
  const usage = await repo.seatUsage(orgId, options.exceptEmail);
  if (!usage) throw problems.notFound('The organization');
  const taken = usage.members + (options.countInvitations === false ? 0 : usage.invitations);
  if (taken >= usage.limit) {
    throw problems.conflict(
      `${usage.orgName} has reached its limit of ${usage.limit} users (active users and pending invitations). Archive a user, revoke an invitation or ask for a higher limit.`,
    );
  }
}
