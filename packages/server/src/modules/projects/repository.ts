/** SQL for projects and their members; every method is scoped to one organization. */
import { tabCountColumns, tabCountsOf } from '../../platform/db/archiveTabs';
import { Repository } from '../../platform/db/repository';

export interface ProjectValues {
  name: string;
  description: string;
  manager_id: string | null;
  metadata: { key: string; value: string }[];
  location: { address: string; latitude: number | null; longitude: number | null };
}

export interface PersonRow {
  id: string;
  name: string;
  email: string;
}

/** Data access for projects; bind it to a transaction with `transaction`. */
export class ProjectRepository extends Repository {
  private selectProjects(orgId: string) {
    return this.db
      .selectFrom('projects as p')
      .leftJoin('users as mu', 'mu.id', 'p.manager_id')
      .leftJoin('users as cu', 'cu.id', 'p.created_by')
      .select([
        'p.id',
        'p.name',
        'p.description',
        'p.manager_id',
        'p.metadata',
        'p.location',
        'p.created_at',
        'p.created_by',
        'p.archived_at',
        'mu.name as manager_name',
        'mu.email as manager_email',
        'cu.name as creator_name',
        'cu.email as creator_email',
      ])
      .where('p.org_id', '=', orgId);
  }

  /** One page of a tab: active newest first, archived most recently archived first. */
  list(orgId: string, filter: { archived: boolean; pattern: string | null; limit: number; offset: number }) {
    let query = this.selectProjects(orgId).where('p.archived_at', filter.archived ? 'is not' : 'is', null);
    const pattern = filter.pattern;
    if (pattern) {
      query = query.where((eb) =>
        eb.or([eb('p.name', 'ilike', pattern), eb('p.description', 'ilike', pattern)]),
      );
    }
    query = filter.archived
      ? query.orderBy('p.archived_at', 'desc').orderBy('p.id', 'desc')
      : query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
    return query.limit(filter.limit).offset(filter.offset).execute();
  }

  /** How many projects the tab holds with the search applied. */
  async countMatching(orgId: string, archived: boolean, pattern: string | null): Promise<number> {
    let query = this.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('org_id', '=', orgId)
      .where('archived_at', archived ? 'is not' : 'is', null);
    if (pattern) {
      query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('description', 'ilike', pattern)]));
    }
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /** Totals of the Active and Archived tabs. */
  async tabCounts(orgId: string): Promise<{ active: number; archived: number }> {
    const row = await this.db
      .selectFrom('projects')
      .select(tabCountColumns('archived_at'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    return tabCountsOf(row);
  }

  /**
   * The project, if it belongs to the organization: `active` leaves out an archived one; `lock` holds
   * its row until the transaction ends, so writes under one project run one at a time and the project
   * cannot be archived under them.
   */
  find(orgId: string, id: string, options: { active?: boolean; lock?: boolean } = {}) {
    let query = this.db
      .selectFrom('projects')
      .select(['id', 'name', 'archived_at'])
      .where('org_id', '=', orgId)
      .where('id', '=', id);
    if (options.active) query = query.where('archived_at', 'is', null);
    if (options.lock) query = query.forNoKeyUpdate();
    return query.executeTakeFirst();
  }

  /** The project with its manager and creator, if it belongs to the organization. */
  findById(orgId: string, id: string) {
    return this.selectProjects(orgId).where('p.id', '=', id).executeTakeFirst();
  }

  /** Members per project, by name. */
  async membersByProject(orgId: string, projectIds: readonly string[]): Promise<Map<string, PersonRow[]>> {
    const byProject = new Map<string, PersonRow[]>(projectIds.map((id) => [id, []]));
    if (projectIds.length === 0) return byProject;
    const rows = await this.db
      .selectFrom('project_members as pm')
      .innerJoin('users as u', 'u.id', 'pm.user_id')
      .select(['pm.project_id', 'u.id', 'u.name', 'u.email'])
      .where('pm.org_id', '=', orgId)
      .where('pm.project_id', 'in', projectIds)
      .orderBy('u.name')
      .orderBy('u.id')
      .execute();
    for (const { project_id, ...person } of rows) byProject.get(project_id)?.push(person);
    return byProject;
  }

  /** Which of these users are active members of the organization. */
  async activeMemberIds(orgId: string, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('memberships')
      .select('user_id')
      .where('org_id', '=', orgId)
      .where('user_id', 'in', userIds)
      .where('archived_at', 'is', null)
      .execute();
    return new Set(rows.map((row) => row.user_id));
  }

  /** Creates a project and answers its id. */
  async insert(orgId: string, createdBy: string, values: ProjectValues): Promise<string> {
    const row = await this.db
      .insertInto('projects')
      .values({ org_id: orgId, created_by: createdBy, ...serialize(values) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Replaces a project's editable fields. */
  async update(orgId: string, id: string, values: ProjectValues): Promise<void> {
    await this.db
      .updateTable('projects')
      .set(serialize(values))
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  /**
   * Archives (a date) or unarchives (null) a project that is in the other state; answers false when a
   * concurrent request got there first.
   */
  async setArchivedAt(orgId: string, id: string, archivedAt: Date | null): Promise<boolean> {
    const result = await this.db
      .updateTable('projects')
      .set({ archived_at: archivedAt })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('archived_at', archivedAt ? 'is' : 'is not', null)
      // RETURNING rather than the affected-row count, which the PGlite dialect does not report.
      .returning('id')
      .executeTakeFirst();
    return result !== undefined;
  }

  /** The ids of the project's gateways (they go with it when it is deleted). */
  async gatewayIds(orgId: string, projectId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('gateways')
      .select('id')
      .where('org_id', '=', orgId)
      .where('project_id', '=', projectId)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Deletes a project; its member rows, entities and gateways go with it. */
  async delete(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('projects').where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  /** Takes a user off every project of the organization (they are leaving it). */
  async removeMember(orgId: string, userId: string): Promise<void> {
    await this.db
      .deleteFrom('project_members')
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Makes the project's members exactly these users. */
  async replaceMembers(orgId: string, projectId: string, userIds: readonly string[]): Promise<void> {
    await this.db
      .deleteFrom('project_members')
      .where('org_id', '=', orgId)
      .where('project_id', '=', projectId)
      .execute();
    if (userIds.length === 0) return;
    await this.db
      .insertInto('project_members')
      .values(userIds.map((userId) => ({ org_id: orgId, project_id: projectId, user_id: userId })))
      .execute();
  }
}

function serialize(values: ProjectValues) {
  return {
    name: values.name,
    description: values.description,
    manager_id: values.manager_id,
    metadata: JSON.stringify(values.metadata),
    location: JSON.stringify(values.location),
  };
}

export type ProjectRow = NonNullable<Awaited<ReturnType<ProjectRepository['findById']>>>;
