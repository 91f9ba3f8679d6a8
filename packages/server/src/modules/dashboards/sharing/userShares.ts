/**
 * Sharing a dashboard with members by e-mail (spec §6 "cockpit sharing"): each recipient is mailed
 * a link to it and finds it under Shared Dashboards (GET /dashboards?shared=true) until revoked.
 * Recipients must be active members of the organization: a dashboard never leaves its tenant this way.
 */
import type { BrandSet, DashboardShare, dashboardShareBodySchema, FieldError } from '@ferrite/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { assertUsable } from '../../../platform/http/problem';
import { iso } from '../../../platform/isoTime';
import type { Mailer } from '../../../platform/mail/mailer';
import { personRef } from '../dashboards/presenter';
import { mustFindDashboard } from '../load';
import { OrganizationRepository } from '../organizationRepository';
import { type Actor, activityBase, problems } from '../shared';
import type { DashboardShareRepository, ShareRow } from './shareRepository';

export type ShareInput = z.output<typeof dashboardShareBodySchema>;

/** What mailing a share needs. */
export interface ShareMailContext {
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  brand: BrandSet;
}

function presentShare(row: ShareRow): DashboardShare {
  return {
    email: row.email,
    user: personRef(row.user_id, row.user_name, row.user_email),
    shared_by: personRef(row.shared_by, row.sharer_name, row.sharer_email),
    created_at: iso(row.created_at),
  };
}

/** A dashboard's e-mail shares. */
export class UserShareService {
  constructor(private readonly repo: DashboardShareRepository) {}

  /** The people a dashboard is shared with, oldest share first. */
  async list(orgId: string, dashboardId: string): Promise<{ users: DashboardShare[] }> {
    await mustFindDashboard(this.repo, orgId, dashboardId);
    return { users: (await this.repo.ofDashboard(orgId, dashboardId)).map(presentShare) };
  }

  /** Shares the dashboard with members by e-mail (again mails those already on the list); answers the list. */
  async share(
    context: ShareMailContext,
    actor: Actor,
    dashboardId: string,
    body: ShareInput,
  ): Promise<{ users: DashboardShare[] }> {
    const emails = [...new Set(body.emails)];
    const { dashboard, recipients, sharer } = await this.repo.transaction(async (repo) => {
      const found = await mustFindDashboard(repo, actor.orgId, dashboardId);
      const organization = repo.sibling(OrganizationRepository);
      const members = await organization.activeMembersByEmail(actor.orgId, emails);
      const byEmail = new Map(members.map((member) => [member.email.toLowerCase(), member]));
      const errors: FieldError[] = [];
      body.emails.forEach((email, index) => {
        if (!byEmail.has(email))
          errors.push({ path: `body.emails.${index}`, message: 'Not a member of this organization' });
      });
      assertUsable(errors);
      await repo.insert(
        actor.orgId,
        dashboardId,
        actor.userId,
        emails.map((email) => ({ email, userId: (byEmail.get(email) as { id: string }).id })),
      );
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard_share', dashboardId),
        action: 'shared',
        summary: `Shared dashboard "${found.name}" with ${emails.join(', ')}`,
      });
      const me = await organization.userName(actor.userId);
      const orgName = await organization.orgName(actor.orgId);
      if (orgName === undefined) throw new Error('The organization sharing the dashboard is gone');
      return {
        dashboard: { ...found, org_name: orgName },
        recipients: emails.map((email) => byEmail.get(email) as { email: string; name: string }),
        sharer: me ?? 'A colleague',
      };
    });
    for (const recipient of recipients) {
      const note = body.message ? `\n\n${sharer} wrote: ${body.message}` : '';
      try {
        await context.mailer.send({
          to: recipient.email,
          brand: context.brand,
          orgId: actor.orgId,
          subject: `${sharer} shared the dashboard "${dashboard.name}" with you`,
          text: `Hello ${recipient.name},\n\n${sharer} shared the dashboard "${dashboard.name}" of ${dashboard.org_name} with you on ${context.brand.name}.${note}\n\nSign in at ${context.publicUrl}/ and open Dashboards → Share to see it.`,
        });
      } catch (error) {
        // The share is committed; the outbox keeps the message and sharing again resends it.
        context.log.error({ err: error, to: recipient.email }, 'dashboard share mail could not be sent');
      }
    }
    return { users: (await this.repo.ofDashboard(actor.orgId, dashboardId)).map(presentShare) };
  }

  /** Takes the dashboard off a member's Shared Dashboards list (404 when it was not shared with them). */
  async revoke(actor: Actor, dashboardId: string, email: string): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const found = await mustFindDashboard(repo, actor.orgId, dashboardId);
      const removed = await repo.remove(actor.orgId, dashboardId, email.trim().toLowerCase());
      if (!removed) throw problems.notFound('Share');
      await repo.recordActivity({
        ...activityBase(actor, 'dashboard_share', dashboardId),
        action: 'revoked',
        summary: `Stopped sharing dashboard "${found.name}" with ${removed}`,
      });
    });
  }
}
