/** Custom role use cases: list, read, create, edit, delete; every write is logged. */
import {
  type FieldError,
  isPermission,
  type Permission,
  permissionApp,
  type Role,
  type RoleBody,
} from '@ferrite/contracts';
import { problems } from '../../../platform/http/problem';
import {
  type Actor,
  activityBase,
  appGrantError,
  assertNoFieldErrors,
  pageWindow,
  searchPattern,
  unique,
} from '../shared';
import { presentRole } from './presenter';
import type { RoleRepository, RoleRow, RoleValues } from './repository';

export interface RoleListQuery {
  search?: string | undefined;
  page_number: number;
  page_size: number;
}

/** Field errors the schema cannot see: every action must belong to an app the organization has. */
export function roleBodyErrors(body: RoleBody, orgApps: readonly string[]): FieldError[] {
  const errors: FieldError[] = [];
  body.permissions.forEach((permission, index) => {
    if (!isPermission(permission)) return; // the schema already refused it
    const message = appGrantError(permissionApp(permission), orgApps);
    if (message) errors.push({ path: `body.permissions.${index}`, message: `${permission}: ${message}` });
  });
  return errors;
}

function valuesOf(body: RoleBody): RoleValues {
  return {
    name: body.name,
    description: body.description,
    permissions: unique(body.permissions as Permission[]).sort(),
  };
}

/** The Role Manager's custom roles. */
export class RoleService {
  constructor(private readonly repo: RoleRepository) {}

  /** One page of roles by name, and the total. */
  async list(orgId: string, query: RoleListQuery): Promise<{ roles: Role[]; total_entries: number }> {
    const pattern = searchPattern(query.search);
    const { limit, offset } = pageWindow(query);
    const [rows, total] = await Promise.all([
      this.repo.list(orgId, { pattern, limit, offset }),
      this.repo.countMatching(orgId, pattern),
    ]);
    return { roles: rows.map(presentRole), total_entries: total };
  }

  /** One role. */
  async get(orgId: string, id: string): Promise<Role> {
    return presentRole(await mustFind(this.repo, orgId, id));
  }

  /** Creates a role. */
  create(actor: Actor, body: RoleBody): Promise<Role> {
    return this.repo.transaction(async (repo) => {
      await repo.lockOrg(actor.orgId);
      assertNoFieldErrors(roleBodyErrors(body, await repo.orgApps(actor.orgId)));
      await assertNameFree(repo, actor.orgId, body.name);
      const id = await repo.insert(actor.orgId, valuesOf(body));
      const after = presentRole(await mustFind(repo, actor.orgId, id));
      await repo.recordActivity({
        ...activityBase(actor, 'role', id),
        action: 'created',
        summary: `Created role "${after.name}"`,
        after,
      });
      return after;
    });
  }

  /** Replaces a role's fields; its holders get the new actions on their next request. */
  update(actor: Actor, id: string, body: RoleBody): Promise<Role> {
    return this.repo.transaction(async (repo) => {
      await repo.lockOrg(actor.orgId);
      const before = presentRole(await mustFind(repo, actor.orgId, id));
      assertNoFieldErrors(roleBodyErrors(body, await repo.orgApps(actor.orgId)));
      await assertNameFree(repo, actor.orgId, body.name, id);
      await repo.update(actor.orgId, id, valuesOf(body));
      const after = presentRole(await mustFind(repo, actor.orgId, id));
      await repo.recordActivity({
        ...activityBase(actor, 'role', id),
        action: 'updated',
        summary: `Updated role "${after.name}"`,
        before,
        after,
      });
      return after;
    });
  }

  /** Deletes a role no active member holds. */
  delete(actor: Actor, id: string): Promise<void> {
    return this.repo.transaction(async (repo) => {
      await repo.lockOrg(actor.orgId);
      const current = await mustFind(repo, actor.orgId, id);
      if (current.user_count > 0) {
        const holders = current.user_count === 1 ? '1 user holds' : `${current.user_count} users hold`;
        throw problems.conflict(
          `Role "${current.name}" is in use: ${holders} it. Assign them another role first.`,
        );
      }
      const before = presentRole(current);
      await repo.delete(actor.orgId, id);
      await repo.recordActivity({
        ...activityBase(actor, 'role', id),
        action: 'deleted',
        summary: `Deleted role "${before.name}"`,
        before,
      });
    });
  }
}

async function mustFind(repo: RoleRepository, orgId: string, id: string): Promise<RoleRow> {
  const row = await repo.findById(orgId, id);
  if (!row) throw problems.notFound('Role');
  return row;
}

async function assertNameFree(repo: RoleRepository, orgId: string, name: string, exceptId?: string) {
  if (await repo.findByName(orgId, name, exceptId)) {
    throw problems.conflict(`A role named "${name}" already exists`);
  }
}
