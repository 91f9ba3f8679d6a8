/** Role Manager users: list, edit, archive, unarchive and remove members of the organization. */
import type { FieldError, ListUsersResponse, OrgUser, UpdateUserBody } from '@ferrite/contracts';
import { abilitiesInApp } from '../../../platform/authorization/abilities';
import type { AuthorizedCaller } from '../../../platform/http/authContext';
import { problems } from '../../../platform/http/problem';
import { ProjectRepository } from '../../projects';
import { assertSeatFree, TenantRepository } from '../../tenantManager';
import { appGrantError, assertNoFieldErrors, pageWindow, searchPattern, unique } from '../shared';
import { presentOrgUser } from './presenter';
import type { MemberRow, UserRepository } from './repository';

/** Members of the caller's organization. */
export class UserService {
  constructor(private readonly repo: UserRepository) {}

  /** One page of the Active or Archived tab, the three tab totals and the caller's abilities. */
  async list(
    caller: AuthorizedCaller,
    query: { page_number: number; page_size: number; search?: string; is_archived: boolean },
  ): Promise<ListUsersResponse> {
    const pattern = searchPattern(query.search);
    const [rows, total, counts] = await Promise.all([
      this.repo.list(caller.orgId, { archived: query.is_archived, pattern, ...pageWindow(query) }),
      this.repo.countMatching(caller.orgId, query.is_archived, pattern),
      this.repo.tabCounts(caller.orgId),
    ]);
    const groups = await this.repo.groupsOf(
      caller.orgId,
      rows.map((row) => row.id),
    );
    return {
      users: rows.map((row) => presentOrgUser(row, groups.get(row.id) ?? [])),
      total_entries: total,
      counts,
      abilities: abilitiesInApp(caller.abilities, 'roleManager'),
    };
  }

  /** One member, active or archived; 404 when the user is not in the organization. */
  async get(orgId: string, userId: string): Promise<OrgUser> {
    return present(this.repo, orgId, await load(this.repo, orgId, userId));
  }

  /** Changes any of name, phone, role, custom role, groups, assets and direct apps. */
  async update(caller: AuthorizedCaller, userId: string, body: UpdateUserBody): Promise<OrgUser> {
    const orgId = caller.orgId;
    return this.repo.transaction(async (repo) => {
      await repo.lockOrg(orgId);
      const member = await load(repo, orgId, userId);
      const groupIds = body.user_group_ids === undefined ? undefined : unique(body.user_group_ids);
      const apps = body.apps === undefined ? undefined : unique(body.apps);
      const assets = body.assets === undefined ? undefined : unique(body.assets);
      assertNoFieldErrors(await fieldErrors(repo, orgId, { ...body, user_group_ids: groupIds, apps }));
      if (body.role !== undefined && body.role !== member.role) {
        await assertRoleChangeAllowed(repo, caller, member);
      }
      const before = await present(repo, orgId, member);
      await repo.updatePerson(userId, { name: body.name, phone: body.phone });
      await repo.updateMembership(orgId, userId, {
        role: body.role,
        role_id: body.custom_role_id,
        apps,
        assets,
      });
      if (groupIds !== undefined) await repo.replaceGroups(orgId, userId, groupIds);
      const after = await present(repo, orgId, await load(repo, orgId, userId));
      await repo.recordActivity({
        orgId,
        actorId: caller.userId,
        app: 'roleManager',
        action: 'updated',
        entityType: 'user',
        entityId: userId,
        summary: `Updated user "${after.name}" (${after.email})`,
        before,
        after,
      });
      return after;
    });
  }

  /**
   * Archives a member and ends their open sessions in the organization. Nobody archives themselves,
   * and the last active admin cannot be archived (409).
   */
  async archive(caller: AuthorizedCaller, userId: string): Promise<OrgUser> {
    const orgId = caller.orgId;
    if (userId === caller.userId) throw problems.conflict('You cannot archive yourself');
    return this.repo.transaction(async (repo) => {
      await repo.lockOrg(orgId);
      const member = await load(repo, orgId, userId);
      if (member.archived_at) throw problems.conflict(`${member.name} is already archived`);
      await assertNotLastAdmin(repo, orgId, member, 'archive');
      const before = await present(repo, orgId, member);
      await repo.setArchivedAt(orgId, userId, new Date());
      await repo.revokeSessions(orgId, userId, 'user archived');
      const after = await present(repo, orgId, await load(repo, orgId, userId));
      await repo.recordActivity({
        orgId,
        actorId: caller.userId,
        app: 'roleManager',
        action: 'archived',
        entityType: 'user',
        entityId: userId,
        summary: `Archived user "${member.name}" (${member.email})`,
        before,
        after,
      });
      return after;
    });
  }

  /**
   * Restores an archived member, within the organization's user limit. A pending re-invitation to
   * them is revoked: restoring directly makes it pointless.
   */
  async unarchive(caller: AuthorizedCaller, userId: string): Promise<OrgUser> {
    const orgId = caller.orgId;
    return this.repo.transaction(async (repo) => {
      await repo.lockOrg(orgId);
      const member = await load(repo, orgId, userId);
      if (!member.archived_at) throw problems.conflict(`${member.name} is not archived`);
      await assertSeatFree(repo.sibling(TenantRepository), orgId, { exceptEmail: member.email });
      const before = await present(repo, orgId, member);
      await repo.setArchivedAt(orgId, userId, null);
      await repo.revokePendingInvitations(orgId, member.email);
      const after = await present(repo, orgId, await load(repo, orgId, userId));
      await repo.recordActivity({
        orgId,
        actorId: caller.userId,
        app: 'roleManager',
        action: 'unarchived',
        entityType: 'user',
        entityId: userId,
        summary: `Unarchived user "${member.name}" (${member.email})`,
        before,
        after,
      });
      return after;
    });
  }

  /**
   * Removes the member from the organization (their account stays): membership, groups, projects and
   * open sessions. Not oneself, not the last active admin.
   */
  async remove(caller: AuthorizedCaller, userId: string): Promise<void> {
    const orgId = caller.orgId;
    if (userId === caller.userId) throw problems.conflict('You cannot remove yourself from the organization');
    await this.repo.transaction(async (repo) => {
      await repo.lockOrg(orgId);
      const member = await load(repo, orgId, userId);
      await assertNotLastAdmin(repo, orgId, member, 'remove');
      const before = await present(repo, orgId, member);
      await repo.sibling(ProjectRepository).removeMember(orgId, userId);
      await repo.deleteMembership(orgId, userId);
      await repo.revokeSessions(orgId, userId, 'removed from organization');
      await repo.recordActivity({
        orgId,
        actorId: caller.userId,
        app: 'roleManager',
        action: 'deleted',
        entityType: 'user',
        entityId: userId,
        summary: `Removed user "${member.name}" (${member.email}) from the organization`,
        before,
      });
    });
  }
}

async function load(repo: UserRepository, orgId: string, userId: string): Promise<MemberRow> {
  const member = await repo.find(orgId, userId);
  if (!member) throw problems.notFound('The user');
  return member;
}

async function present(repo: UserRepository, orgId: string, member: MemberRow): Promise<OrgUser> {
  const groups = await repo.groupsOf(orgId, [member.id]);
  return presentOrgUser(member, groups.get(member.id) ?? []);
}

/** Every field of an edit that names something outside the organization. */
async function fieldErrors(repo: UserRepository, orgId: string, body: UpdateUserBody): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (body.custom_role_id && !(await repo.roleExists(orgId, body.custom_role_id))) {
    errors.push({ path: 'body.custom_role_id', message: 'Not a role of this organization' });
  }
  if (body.user_group_ids?.length) {
    const known = await repo.activeGroupIds(orgId, body.user_group_ids);
    body.user_group_ids.forEach((id, index) => {
      if (!known.has(id)) {
        errors.push({
          path: `body.user_group_ids.${index}`,
          message: 'Not an active user group of this organization',
        });
      }
    });
  }
  if (body.apps?.length) {
    const orgApps = await repo.orgApps(orgId);
    body.apps.forEach((app, index) => {
      const message = appGrantError(app, orgApps);
      if (message) errors.push({ path: `body.apps.${index}`, message });
    });
  }
  return errors;
}

/**
 * Only organization admins grant or take away the admin role (anyone else with manageUsers could
 * otherwise promote themselves), and the last active admin keeps it.
 */
async function assertRoleChangeAllowed(repo: UserRepository, caller: AuthorizedCaller, member: MemberRow) {
  if (caller.role !== 'admin') {
    throw problems.forbidden('Only organization admins can grant or remove the admin role');
  }
  if (member.role === 'admin') await assertNotLastAdmin(repo, caller.orgId, member, 'demote');
}

async function assertNotLastAdmin(
  repo: UserRepository,
  orgId: string,
  member: MemberRow,
  verb: 'archive' | 'remove' | 'demote',
): Promise<void> {
  if (member.role !== 'admin' || member.archived_at) return;
  if ((await repo.activeAdminCount(orgId)) <= 1) {
    throw problems.conflict(
      `${member.name} is the last admin of this organization and cannot be ${verb === 'demote' ? 'made a member' : `${verb}d`}. Make someone else an admin first.`,
    );
  }
}
