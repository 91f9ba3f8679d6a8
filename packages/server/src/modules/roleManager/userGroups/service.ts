/** User group use cases: list, read, create, edit, archive, unarchive, delete; every write is logged. */
import {
  APPS,
  type FieldError,
  isPermission,
  type Permission,
  permissionApp,
  type TabCounts,
  type UserGroup,
  type UserGroupBody,
} from '@ferrite/contracts';
import { type ArchiveListQuery, archiveList, pageOfParts } from '../../../platform/http/archiveList';
import { memberFieldErrors } from '../../../platform/http/memberFields';
import { problems } from '../../../platform/http/problem';
import { type Actor, activityBase, appGrantError, assertNoFieldErrors, unique } from '../shared';
import { presentUserGroup } from './presenter';
import type { GroupValues, UserGroupRepository, UserGroupRow } from './repository';

/** The user groups list's query: an Active/Archived list. */
export type UserGroupListQuery = ArchiveListQuery;

/** Field errors of a group body that the schema cannot see: apps of the org, actions of those apps. */
export function groupBodyErrors(body: UserGroupBody, orgApps: readonly string[]): FieldError[] {
  const errors: FieldError[] = [];
  body.apps.forEach((app, index) => {
    const message = appGrantError(app, orgApps);
    if (message) errors.push({ path: `body.apps.${index}`, message });
  });
  body.permissions.forEach((permission, index) => {
    if (!isPermission(permission)) return; // the schema already refused it
    const app = permissionApp(permission);
    if (!body.apps.includes(app)) {
      errors.push({
        path: `body.permissions.${index}`,
        message: `${permission} needs ${APPS[app].title} (${app}) in the group's apps`,
      });
    }
  });
  return errors;
}

function valuesOf(body: UserGroupBody): GroupValues {
  return {
    name: body.name,
    description: body.description,
    apps: unique(body.apps),
    permissions: unique(body.permissions as Permission[]).sort(),
  };
}

/** The Role Manager's user groups. */
export class UserGroupService {
  constructor(private readonly repo: UserGroupRepository) {}

  /** One page of a tab, its total and both tab counts. */
  list(
    orgId: string,
    query: UserGroupListQuery,
  ): Promise<{ user_groups: UserGroup[]; total_entries: number; counts: TabCounts }> {
    return archiveList(
      'user_groups',
      query,
      (tab) =>
        pageOfParts(
          this.repo.list(orgId, tab),
          this.repo.countMatching(orgId, tab.archived, tab.pattern),
          this.repo.tabCounts(orgId),
        ),
      async (rows) => {
        const members = await this.repo.memberIdsByGroup(
          orgId,
          rows.map((row) => row.id),
        );
        return rows.map((row) => presentUserGroup(row, members.get(row.id) ?? []));
      },
    );
  }

  /** One group. */
  async get(orgId: string, id: string): Promise<UserGroup> {
    return present(this.repo, orgId, await mustFind(this.repo, orgId, id));
  }

  /** Creates a group with its members. */
  create(actor: Actor, body: UserGroupBody): Promise<UserGroup> {
    return this.repo.transaction(async (repo) => {
      await repo.lockOrg(actor.orgId);
      const memberIds = unique(body.member_ids ?? []);
      await validate(repo, actor.orgId, body, new Set());
      await assertNameFree(repo, actor.orgId, body.name);
      const row = await repo.insert(actor.orgId, valuesOf(body));
      await repo.replaceMembers(actor.orgId, row.id, memberIds);
      const after = await present(repo, actor.orgId, row);
      await repo.recordActivity({
        ...entryBase(actor, row.id),
        action: 'created',
        summary: `Created user group "${after.name}"`,
        after,
      });
      return after;
    });
  }

  /** Replaces a group's fields; its members change only when member_ids is given. */
  update(actor: Actor, id: string, body: UserGroupBody): Promise<UserGroup> {
    return this.repo.transaction(async (repo) => {
      await repo.lockOrg(actor.orgId);
      const current = await mustFind(repo, actor.orgId, id);
      const before = await present(repo, actor.orgId, current);
      await validate(repo, actor.orgId, body, new Set(before.member_ids));
      // An archived group may keep a name an active group took meanwhile; unarchiving checks again.
      if (!current.archived_at) await assertNameFree(repo, actor.orgId, body.name, id);
      await repo.update(actor.orgId, id, valuesOf(body));
      if (body.member_ids) await repo.replaceMembers(actor.orgId, id, unique(body.member_ids));
      const after = await present(repo, actor.orgId, await mustFind(repo, actor.orgId, id));
      await repo.recordActivity({
        ...entryBase(actor, id),
        action: 'updated',
        summary: `Updated user group "${after.name}"`,
        before,
        after,
      });
      return after;
    });
  }

  /** Archives a group: its members stop receiving its apps and actions. */
  archive(actor: Actor, id: string): Promise<UserGroup> {
    return this.setArchived(actor, id, true);
  }

  /** Unarchives a group: it grants again, provided its name is still free among active groups. */
  unarchive(actor: Actor, id: string): Promise<UserGroup> {
    return this.setArchived(actor, id, false);
  }

  /** Deletes a group for good. */
  delete(actor: Actor, id: string): Promise<void> {
    return this.repo.transaction(async (repo) => {
      const current = await mustFind(repo, actor.orgId, id);
      const before = await present(repo, actor.orgId, current);
      await repo.delete(actor.orgId, id);
      await repo.recordActivity({
        ...entryBase(actor, id),
        action: 'deleted',
        summary: `Deleted user group "${before.name}"`,
        before,
      });
    });
  }

  private setArchived(actor: Actor, id: string, archive: boolean): Promise<UserGroup> {
    return this.repo.transaction(async (repo) => {
      await repo.lockOrg(actor.orgId);
      const current = await mustFind(repo, actor.orgId, id);
      if (Boolean(current.archived_at) === archive) {
        throw problems.conflict(`User group "${current.name}" is already ${archive ? 'archived' : 'active'}`);
      }
      if (!archive) await assertNameFree(repo, actor.orgId, current.name, id);
      const before = await present(repo, actor.orgId, current);
      await repo.setArchivedAt(actor.orgId, id, archive ? new Date() : null);
      const after = await present(repo, actor.orgId, await mustFind(repo, actor.orgId, id));
      const verb = archive ? 'archived' : 'unarchived';
      await repo.recordActivity({
        ...entryBase(actor, id),
        action: verb,
        summary: `${archive ? 'Archived' : 'Unarchived'} user group "${after.name}"`,
        before,
        after,
      });
      return after;
    });
  }
}

function entryBase(actor: Actor, id: string) {
  return activityBase(actor, 'user_group', id);
}

async function mustFind(repo: UserGroupRepository, orgId: string, id: string): Promise<UserGroupRow> {
  const row = await repo.findById(orgId, id);
  if (!row) throw problems.notFound('User group');
  return row;
}

async function present(repo: UserGroupRepository, orgId: string, row: UserGroupRow): Promise<UserGroup> {
  const members = await repo.memberIdsByGroup(orgId, [row.id]);
  return presentUserGroup(row, members.get(row.id) ?? []);
}

async function validate(
  repo: UserGroupRepository,
  orgId: string,
  body: UserGroupBody,
  currentMembers: ReadonlySet<string>,
): Promise<void> {
  const errors = groupBodyErrors(body, await repo.orgApps(orgId));
  if (body.member_ids) {
    const active = await repo.activeMemberIds(orgId, unique(body.member_ids));
    errors.push(...memberFieldErrors('body.member_ids', body.member_ids, active, currentMembers));
  }
  assertNoFieldErrors(errors);
}

async function assertNameFree(
  repo: UserGroupRepository,
  orgId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  if (await repo.findActiveByName(orgId, name, exceptId)) {
    throw problems.conflict(`An active user group named "${name}" already exists`);
  }
}
