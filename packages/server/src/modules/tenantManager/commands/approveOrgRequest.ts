/** Approving a sign-up request: the organization is created and the requester becomes its admin. */
import { APP_KEYS, type BrandSet, DEFAULT_ORG_LIMITS, type OrgRequestDetail } from '@ferrite/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthorizedCaller } from '../../../platform/http/authContext';
import { problems } from '../../../platform/http/problem';
import type { Mailer } from '../../../platform/mail/mailer';
import { presentOrgRequestDetail } from '../presenter';
import type { OrgRow, TenantRepository } from '../repository';

/** How many `-N` suffixes to try before giving up on a free slug. */
const MAX_SLUG_ATTEMPTS = 500;

export interface DecisionContext {
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  brand: BrandSet;
}

/**
 * Creates the organization under the request's slug or, when that was taken meanwhile, the next free
 * `slug-N`; inserting with ON CONFLICT DO NOTHING makes the pick safe against concurrent writers.
 */
async function insertWithFreeSlug(
  repo: TenantRepository,
  name: string,
  slug: string,
  createdBy: string,
): Promise<OrgRow> {
  const values = { name, apps: [...APP_KEYS], limits: DEFAULT_ORG_LIMITS };
  for (let attempt = 1; attempt <= MAX_SLUG_ATTEMPTS; attempt++) {
    const candidate = attempt === 1 ? slug : `${slug.slice(0, 36).replace(/-+$/, '')}-${attempt}`;
    const org = await repo.insertOrg({ ...values, slug: candidate }, createdBy);
    if (org) return org;
  }
  throw problems.conflict(`No free organization URL could be found for "${slug}"`);
}

/**
 * Approves a pending request in one transaction (organization, admin membership, decision, activity
 * on the new organization), then mails the requester a sign-in link. 409 when already decided.
 */
export async function approveOrgRequest(
  repo: TenantRepository,
  caller: AuthorizedCaller,
  requestId: string,
  context: DecisionContext,
): Promise<OrgRequestDetail> {
  const decided = await repo.transaction(async (trx) => {
    const request = await trx.lockRequest(requestId);
    if (!request) throw problems.notFound('The organization request');
    if (request.status !== 'pending') {
      throw problems.conflict(`This request was already ${request.status}`);
    }
    const org = await insertWithFreeSlug(trx, request.organization_name, request.slug, caller.userId);
    await trx.addMember(org.id, request.user_id, 'admin');
    await trx.decideRequest(requestId, {
      status: 'approved',
      reason: null,
      orgId: org.id,
      decidedBy: caller.userId,
    });
    const row = await trx.findRequest(requestId);
    if (!row) throw problems.notFound('The organization request');
    const detail = presentOrgRequestDetail(row);
    await trx.recordActivity({
      orgId: org.id,
      actorId: caller.userId,
      app: 'tenantManager',
      action: 'approved',
      entityType: 'orgRequest',
      entityId: requestId,
      summary: `Approved the request for organization "${org.name}" (${org.slug}); ${row.requester_email} is its admin`,
      before: { status: 'pending' },
      after: { ...detail, slug: org.slug },
    });
    return { detail, org };
  });

  const { detail, org } = decided;
  await sendQuietly(context, {
    to: detail.requester.email,
    orgId: org.id,
    subject: `Your organization ${org.name} is ready on ${context.brand.name}`,
    text: `Hello ${detail.requester.name},\n\nYour request for the organization "${org.name}" has been approved, and you are its admin. Sign in and choose ${org.name} to start:\n\n${context.publicUrl}/user/login\n\nOrganization URL: ${org.slug}`,
  });
  return detail;
}

/** Sends a decision mail; the decision is already committed, so a transport failure is logged, not thrown. */
export async function sendQuietly(
  context: DecisionContext,
  message: { to: string; orgId: string | null; subject: string; text: string },
): Promise<void> {
  try {
    await context.mailer.send({ ...message, brand: context.brand });
  } catch (error) {
    context.log.error({ err: error, to: message.to }, 'decision mail could not be sent');
  }
}
