/**
 * Project use cases: list, read, create, edit, archive, unarchive, delete; every write is logged (as
 * the Role Manager's, whose screens make them).
 */
import type { FieldError, Project, ProjectBody, TabCounts } from '@ferrite/contracts';
import { activityBaseOf } from '../../platform/audit/activity';
import type { Actor } from '../../platform/http/actor';
import { type ArchiveListQuery, archiveList, pageOfParts } from '../../platform/http/archiveList';
import { memberFieldErrors } from '../../platform/http/memberFields';
import { assertNoFieldErrors, problems } from '../../platform/http/problem';
import { presentProject } from './presenter';
import type { ProjectRepository, ProjectRow } from './repository';

const activityBase = activityBaseOf<'project'>('roleManager');

/**
 * Told of each gateway a project's deletion takes with it. The IoT Manager's device link fits: the
 * transports drop the gateway and an external broker removes its account at once rather than at its
 * next reconcile. Declared here, not imported, because gateways belong to projects: the IoT Manager
 * depends on this module, never the other way round.
 */
export interface GatewayChangeHook {
  gatewayChanged(gatewayId: string): Promise<void>;
}

/** The projects list's query: an Active/Archived list. */
export type ProjectListQuery = ArchiveListQuery;

/** What a project already has, so an edit may keep people who have left the organization since. */
interface Attached {
  managerId: string | null;
  memberIds: ReadonlySet<string>;
}

const NOTHING_ATTACHED: Attached = { managerId: null, memberIds: new Set() };

/** Duplicate metadata keys (case-insensitive), flagged on each repeat. */
export function metadataErrors(metadata: ProjectBody['metadata']): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  metadata.forEach((entry, index) => {
    const key = entry.key.toLowerCase();
    if (seen.has(key))
      errors.push({ path: `body.metadata.${index}.key`, message: 'This key already exists' });
    seen.add(key);
  });
  return errors;
}

/** The organization's projects. */
export class ProjectService {
  constructor(
    private readonly repo: ProjectRepository,
    private readonly gateways: GatewayChangeHook,
  ) {}

  /** One page of a tab, its total and both tab counts. */
  list(
    orgId: string,
    query: ProjectListQuery,
  ): Promise<{ projects: Project[]; total_entries: number; counts: TabCounts }> {
    return archiveList(
      'projects',
      query,
      (tab) =>
        pageOfParts(
          this.repo.list(orgId, tab),
          this.repo.countMatching(orgId, tab.archived, tab.pattern),
          this.repo.tabCounts(orgId),
        ),
      async (rows) => {
        const members = await this.repo.membersByProject(
          orgId,
          rows.map((row) => row.id),
        );
        return rows.map((row) => presentProject(row, members.get(row.id) ?? []));
      },
    );
  }

  /** One project. */
  async get(orgId: string, id: string): Promise<Project> {
    return present(this.repo, orgId, await mustFind(this.repo, orgId, id));
  }

  /** Creates a project; the caller is its creator. */
  create(actor: Actor, body: ProjectBody): Promise<Project> {
    return this.repo.transaction(async (repo) => {
      await validate(repo, actor.orgId, body, NOTHING_ATTACHED);
      const id = await repo.insert(actor.orgId, actor.userId, body);
      await repo.replaceMembers(actor.orgId, id, [...new Set(body.member_ids)]);
      const after = await present(repo, actor.orgId, await mustFind(repo, actor.orgId, id));
      await repo.recordActivity({
        ...activityBase(actor, 'project', id),
        action: 'created',
        summary: `Created project "${after.name}"`,
        after,
      });
      return after;
    });
  }

  /** Replaces a project's fields and members. */
  update(actor: Actor, id: string, body: ProjectBody): Promise<Project> {
    return this.repo.transaction(async (repo) => {
      const before = await present(repo, actor.orgId, await mustFind(repo, actor.orgId, id));
      await validate(repo, actor.orgId, body, {
        managerId: before.manager?.id ?? null,
        memberIds: new Set(before.members.map((m) => m.id)),
      });
      await repo.update(actor.orgId, id, body);
      await repo.replaceMembers(actor.orgId, id, [...new Set(body.member_ids)]);
      const after = await present(repo, actor.orgId, await mustFind(repo, actor.orgId, id));
      await repo.recordActivity({
        ...activityBase(actor, 'project', id),
        action: 'updated',
        summary: `Updated project "${after.name}"`,
        before,
        after,
      });
      return after;
    });
  }

  /** Moves a project to the Archived tab (409 when it is there already). */
  archive(actor: Actor, id: string): Promise<Project> {
    return this.setArchived(actor, id, true);
  }

  /** Moves a project back to the Active tab (409 when it is active already). */
  unarchive(actor: Actor, id: string): Promise<Project> {
    return this.setArchived(actor, id, false);
  }

  /** Deletes a project for good, with its gateways, whose devices are then refused at once. */
  async delete(actor: Actor, id: string): Promise<void> {
    const gatewayIds = await this.repo.transaction(async (repo) => {
      const before = await present(repo, actor.orgId, await mustFind(repo, actor.orgId, id));
      const gateways = await repo.gatewayIds(actor.orgId, id);
      await repo.delete(actor.orgId, id);
      await repo.recordActivity({
        ...activityBase(actor, 'project', id),
        action: 'deleted',
        summary: `Deleted project "${before.name}"`,
        before,
      });
      return gateways;
    });
    // After the commit, as for a gateway deleted on its own.
    for (const gatewayId of gatewayIds) await this.gateways.gatewayChanged(gatewayId);
  }

  private setArchived(actor: Actor, id: string, archive: boolean): Promise<Project> {
    return this.repo.transaction(async (repo) => {
      const current = await mustFind(repo, actor.orgId, id);
      const already = problems.conflict(
        `Project "${current.name}" is already ${archive ? 'archived' : 'active'}`,
      );
      if (Boolean(current.archived_at) === archive) throw already;
      const before = await present(repo, actor.orgId, current);
      if (!(await repo.setArchivedAt(actor.orgId, id, archive ? new Date() : null))) throw already;
      const after = await present(repo, actor.orgId, await mustFind(repo, actor.orgId, id));
      await repo.recordActivity({
        ...activityBase(actor, 'project', id),
        action: archive ? 'archived' : 'unarchived',
        summary: `${archive ? 'Archived' : 'Unarchived'} project "${after.name}"`,
        before,
        after,
      });
      return after;
    });
  }
}

async function mustFind(repo: ProjectRepository, orgId: string, id: string): Promise<ProjectRow> {
  const row = await repo.findById(orgId, id);
  if (!row) throw problems.notFound('Project');
  return row;
}

async function present(repo: ProjectRepository, orgId: string, row: ProjectRow): Promise<Project> {
  const members = await repo.membersByProject(orgId, [row.id]);
  return presentProject(row, members.get(row.id) ?? []);
}

async function validate(
  repo: ProjectRepository,
  orgId: string,
  body: ProjectBody,
  attached: Attached,
): Promise<void> {
  const people = [...new Set([...(body.manager_id ? [body.manager_id] : []), ...body.member_ids])];
  const active = await repo.activeMemberIds(orgId, people);
  const errors: FieldError[] = [];
  if (body.manager_id && !active.has(body.manager_id) && body.manager_id !== attached.managerId) {
    errors.push({ path: 'body.manager_id', message: 'Not an active member of this organization' });
  }
  errors.push(...memberFieldErrors('body.member_ids', body.member_ids, active, attached.memberIds));
  errors.push(...metadataErrors(body.metadata));
  assertNoFieldErrors(errors);
}
