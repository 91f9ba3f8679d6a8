/** Rejecting a sign-up request, with a reason the requester receives by e-mail. */
import type { OrgRequestDetail } from '@ferrite/contracts';
import type { AuthorizedCaller } from '../../../platform/http/authContext';
import { problems } from '../../../platform/http/problem';
import { presentOrgRequestDetail } from '../presenter';
import type { TenantRepository } from '../repository';
import { type DecisionContext, sendQuietly } from './approveOrgRequest';

/**
 * Rejects a pending request and mails the reason. No organization exists for it, so the activity
 * entry goes to the organization the deciding admin is signed in to. 409 when already decided.
 */
export async function rejectOrgRequest(
  repo: TenantRepository,
  caller: AuthorizedCaller,
  requestId: string,
  reason: string,
  context: DecisionContext,
): Promise<OrgRequestDetail> {
  const detail = await repo.transaction(async (trx) => {
    const request = await trx.lockRequest(requestId);
    if (!request) throw problems.notFound('The organization request');
    if (request.status !== 'pending') {
      throw problems.conflict(`This request was already ${request.status}`);
    }
    await trx.decideRequest(requestId, { status: 'rejected', reason, orgId: null, decidedBy: caller.userId });
    const row = await trx.findRequest(requestId);
    if (!row) throw problems.notFound('The organization request');
    const rejected = presentOrgRequestDetail(row);
    await trx.recordActivity({
      orgId: caller.orgId,
      actorId: caller.userId,
      app: 'tenantManager',
      action: 'rejected',
      entityType: 'orgRequest',
      entityId: requestId,
      summary: `Rejected the request for organization "${row.organization_name}" from ${row.requester_email}`,
      before: { status: 'pending' },
      after: rejected,
    });
    return rejected;
  });

  await sendQuietly(context, {
    to: detail.requester.email,
    orgId: null,
    subject: `Your request for ${detail.organization_name} on ${context.brand.name}`,
    text: `Hello ${detail.requester.name},\n\nYour request for the organization "${detail.organization_name}" was not approved.\n\nReason: ${reason}\n\nIf you have questions, contact the platform team; you may also send a new request.`,
  });
  return detail;
}
