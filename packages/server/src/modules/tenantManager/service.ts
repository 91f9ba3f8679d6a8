/** Tenant Manager use cases on organizations, and the request list; deciding requests lives in commands/. */
import type { Organization, OrganizationBody, UpdateOrganizationBody } from '@ferrite/contracts';
import { hasSqlState, UNIQUE_VIOLATION } from '../../platform/db/sqlState';
import { type ArchiveListQuery, archiveList, pageOfParts } from '../../platform/http/archiveList';
import type { AuthorizedCaller } from '../../platform/http/authContext';
import { pageWindow, searchPattern } from '../../platform/http/paging';
import { problems } from '../../platform/http/problem';
import { presentOrganization, presentOrgRequestDetail } from './presenter';
import type { OrgListRow, TenantRepository } from './repository';

const SLUG_TAKEN = 'This organization URL is already taken. Choose another one.';

/** Organizations on the platform, for platform admins. */
export class TenantService {
  constructor(private readonly repo: TenantRepository) {}

  /** One page of the Active or Archived tab with both tab totals. */
  listOrgs(query: ArchiveListQuery) {
    return archiveList(
      'organizations',
      query,
      (tab) =>
        pageOfParts(
          this.repo.listOrgs(tab),
          this.repo.countOrgs(tab.archived, tab.pattern),
          this.repo.orgTabCounts(),
        ),
      (rows) => this.present(rows),
    );
  }

  /** One organization; 404 when unknown. */
  async getOrg(id: string): Promise<Organization> {
    return this.presentOne(this.repo, id);
  }

  /** Creates an organization; the platform admin who creates it becomes its first admin. */
  async createOrg(caller: AuthorizedCaller, body: OrganizationBody): Promise<Organization> {
    try {
      return await this.repo.transaction(async (repo) => {
        if (await repo.isSlugTaken(body.slug)) throw problems.conflict(SLUG_TAKEN);
        const org = await repo.insertOrg(body, caller.userId);
        if (!org) throw problems.conflict(SLUG_TAKEN);
        await repo.addMember(org.id, caller.userId, 'admin');
        const created = await this.presentOne(repo, org.id);
        await repo.recordActivity({
          orgId: org.id,
          actorId: caller.userId,
          app: 'tenantManager',
          action: 'created',
          entityType: 'organization',
          entityId: org.id,
          summary: `Created organization "${org.name}"`,
          after: created,
        });
        return created;
      });
    } catch (error) {
      if (hasSqlState(error, UNIQUE_VIOLATION)) throw problems.conflict(SLUG_TAKEN);
      throw error;
    }
  }

  /** Changes any of name, slug, apps and limits. */
  async updateOrg(caller: AuthorizedCaller, id: string, body: UpdateOrganizationBody): Promise<Organization> {
    try {
      return await this.repo.transaction(async (repo) => {
        const org = await repo.lockOrg(id);
        if (!org) throw problems.notFound('The organization');
        const before = await this.presentOne(repo, id);
        const slug = body.slug ?? org.slug;
        if (slug !== org.slug && (await repo.isSlugTaken(slug, id))) throw problems.conflict(SLUG_TAKEN);
        await repo.updateOrg(id, {
          name: body.name ?? before.name,
          slug,
          apps: body.apps ?? before.apps,
          limits: body.limits ?? before.limits,
        });
        const after = await this.presentOne(repo, id);
        await repo.recordActivity({
          orgId: id,
          actorId: caller.userId,
          app: 'tenantManager',
          action: 'updated',
          entityType: 'organization',
          entityId: id,
          summary: `Updated organization "${after.name}"`,
          before,
          after,
        });
        return after;
      });
    } catch (error) {
      if (hasSqlState(error, UNIQUE_VIOLATION)) throw problems.conflict(SLUG_TAKEN);
      throw error;
    }
  }

  /**
   * Archives or unarchives an organization. Archiving ends its open sessions (sign-in already refuses
   * archived organizations); an admin cannot archive the organization they are signed in to.
   */
  async setArchived(caller: AuthorizedCaller, id: string, archive: boolean): Promise<Organization> {
    return this.repo.transaction(async (repo) => {
      const org = await repo.lockOrg(id);
      if (!org) throw problems.notFound('The organization');
      if (archive && org.archived_at) throw problems.conflict(`"${org.name}" is already archived`);
      if (!archive && !org.archived_at) throw problems.conflict(`"${org.name}" is not archived`);
      if (archive && id === caller.orgId) {
        throw problems.conflict('You cannot archive the organization you are signed in to');
      }
      const before = await this.presentOne(repo, id);
      await repo.setOrgArchivedAt(id, archive ? new Date() : null);
      if (archive) await repo.revokeOrgSessions(id, 'organization archived');
      const after = await this.presentOne(repo, id);
      await repo.recordActivity({
        orgId: id,
        actorId: caller.userId,
        app: 'tenantManager',
        action: archive ? 'archived' : 'unarchived',
        entityType: 'organization',
        entityId: id,
        summary: `${archive ? 'Archived' : 'Unarchived'} organization "${org.name}"`,
        before,
        after,
      });
      return after;
    });
  }

  /** One page of sign-up requests in a status, with the totals per status. */
  async listRequests(query: {
    page_number: number;
    page_size: number;
    search?: string;
    status: 'pending' | 'approved' | 'rejected';
  }) {
    const pattern = searchPattern(query.search);
    const [rows, total, counts] = await Promise.all([
      this.repo.listRequests({ status: query.status, pattern, ...pageWindow(query) }),
      this.repo.countRequests(query.status, pattern),
      this.repo.requestCounts(),
    ]);
    return { requests: rows.map(presentOrgRequestDetail), total_entries: total, counts };
  }

  private async present(rows: OrgListRow[]): Promise<Organization[]> {
    const admins = await this.repo.adminsOf(rows.map((row) => row.id));
    return rows.map((row) => presentOrganization(row, admins.get(row.id) ?? null));
  }

  private async presentOne(repo: TenantRepository, id: string): Promise<Organization> {
    const row = await repo.findOrg(id);
    if (!row) throw problems.notFound('The organization');
    const admins = await repo.adminsOf([id]);
    return presentOrganization(row, admins.get(id) ?? null);
  }
}
