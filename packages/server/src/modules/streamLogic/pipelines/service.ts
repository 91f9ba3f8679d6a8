/**
 * What chain editors do: list, read, create, deploy (a PATCH of the revision it edits), enable,
 * disable, delete, read versions, roll back, and validate. Every deploy validates the chain (422 with
 * its problems), keeps a version with its diff and records activity in its transaction, then tells every
 * node's runtime to swap the chain in (cluster bus CHAINS_CHANGED_CHANNEL, { orgId, pipelineId }).
 */
import type {
  ChainGraph,
  ChainProblem,
  Pipeline,
  PipelineListResponse,
  UpdatePipelineBody,
  VersionDiff,
} from '@ferrite/contracts';
import type { AppDeps } from '../../../platform/http/deps';
import { pageWindow, searchPattern } from '../../../platform/http/paging';
import type { StreamServices } from '../engine/services';
import { type Actor, CHAINS_CHANGED_CHANNEL, problems } from '../shared';
import { ChainActivityRepository } from './activity';
import { diffChains } from './diff';
import { presentPipeline, presentPipelineSummary, presentVersion, presentVersionDetail } from './presenter';
import { chainProblems, staleRevision } from './refusals';
import type { ChainValues, ListedPipeline, PipelineRepository } from './repository';
import { validateChain } from './validation';

const NOT_FOUND = 'Chain';

/** A deploy's change in words, for the activity log. */
function diffInWords(diff: VersionDiff): string {
  const parts: string[] = [];
  const nodes = (n: number) => `${n} node${n === 1 ? '' : 's'}`;
  if (diff.added.length) parts.push(`added ${nodes(diff.added.length)}`);
  if (diff.removed.length) parts.push(`removed ${nodes(diff.removed.length)}`);
  if (diff.changed.length) parts.push(`changed ${nodes(diff.changed.length)}`);
  const links = diff.connections_added + diff.connections_removed;
  if (links) parts.push(`rewired ${links} connection${links === 1 ? '' : 's'}`);
  if (diff.renamed) parts.push('renamed');
  const text = parts.join(', ') || 'layout or description';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The chains use cases. */
export class PipelineService {
  constructor(
    private readonly repo: PipelineRepository,
    private readonly deps: AppDeps,
    /** What kinds' deploy checks read (the running runtime's, asked for each check). */
    private readonly services: () => StreamServices,
  ) {}

  /** Problems of a graph, checked as a deploy of an enabled chain (or a draft) would be. */
  problemsOf(orgId: string, projectId: string, graph: ChainGraph, enabled: boolean): Promise<ChainProblem[]> {
    return validateChain(graph, { enabled, check: { orgId, projectId, services: this.services() } });
  }

  private async assertValid(orgId: string, projectId: string, graph: ChainGraph, enabled: boolean) {
    const found = await this.problemsOf(orgId, projectId, graph, enabled);
    if (found.length > 0) throw chainProblems(found);
  }

  /** One page of a project's chains with the tab counts. */
  async list(
    orgId: string,
    projectId: string,
    query: {
      status: 'all' | 'enabled' | 'disabled';
      search?: string | undefined;
      page_number: number;
      page_size: number;
    },
  ): Promise<PipelineListResponse> {
    const page = await this.repo.listPage(orgId, projectId, {
      status: query.status,
      pattern: searchPattern(query.search),
      ...pageWindow(query),
    });
    return {
      pipelines: page.rows.map(presentPipelineSummary),
      total_entries: page.total,
      counts: page.counts,
    };
  }

  private async mustFind(orgId: string, projectId: string, id: string): Promise<ListedPipeline> {
    const row = await this.repo.find(orgId, projectId, id);
    if (!row) throw problems.notFound(NOT_FOUND);
    return row;
  }

  /** One chain of the project (404 otherwise). */
  async get(orgId: string, projectId: string, id: string): Promise<Pipeline> {
    return presentPipeline(await this.mustFind(orgId, projectId, id));
  }

  /** Creates a chain at revision 1 (validated; an enabled one must have a source). */
  async create(actor: Actor, projectId: string, values: ChainValues, canDeploy: boolean): Promise<Pipeline> {
    if (values.enabled && !canDeploy)
      throw problems.forbidden('Starting a chain needs the Stream Logic deploy permission');
    await this.assertValid(actor.orgId, projectId, values, values.enabled);
    const id = await this.repo.transaction(async (trx) => {
      const pipelineId = await trx.insert(actor.orgId, projectId, actor.userId, values);
      await trx.insertVersion(actor.orgId, pipelineId, {
        ...values,
        revision: 1,
        diff: diffChains(null, values),
        rollbackOf: null,
        userId: actor.userId,
      });
      await trx.sibling(ChainActivityRepository).record({
        orgId: actor.orgId,
        projectId,
        pipelineId,
        pipelineName: values.name,
        kind: 'created',
        revision: 1,
        actorId: actor.userId,
        detail: `Created with ${values.actions.length} node${values.actions.length === 1 ? '' : 's'}${values.enabled ? ', running' : ''}`,
      });
      return pipelineId;
    });
    await this.changed(actor.orgId, id);
    return this.get(actor.orgId, projectId, id);
  }

  /** The 409 for a caller who edited `revision` of a chain that moved on. */
  private async stale(actor: Actor, row: ListedPipeline): Promise<never> {
    const zone = await this.repo.timeZoneOf(actor.userId);
    let time: string;
    try {
      time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(
        new Date(row.updated_at),
      );
    } catch {
      time = new Date(row.updated_at).toISOString().slice(11, 16);
    }
    const who = row.updated_by_name ?? 'someone';
    throw staleRevision({
      message: `Changed by ${who} at ${time} — reload to see revision ${row.revision}`,
      revision: row.revision,
      updated_at: new Date(row.updated_at).toISOString(),
      updated_by: row.updated_by ? { id: row.updated_by, name: row.updated_by_name ?? '' } : null,
    });
  }

  /**
   * Deploys a change of the revision it edits: a changed graph, name or description is a new revision
   * with a version and its diff; enabling or disabling alone keeps the revision. Both need the chain to
   * still be at `body.revision` when written (409 otherwise, whoever came first wins).
   */
  async update(
    actor: Actor,
    projectId: string,
    id: string,
    body: UpdatePipelineBody,
    canDeploy: boolean,
  ): Promise<Pipeline> {
    const row = await this.mustFind(actor.orgId, projectId, id);
    if (body.revision !== row.revision) return this.stale(actor, row);
    const next: ChainValues = {
      name: body.name ?? row.name,
      description: body.description ?? row.description,
      actions: body.actions ?? row.actions,
      connections: body.connections ?? row.connections,
      enabled: body.enabled ?? row.enabled,
    };
    const graphChanged =
      next.name !== row.name ||
      next.description !== row.description ||
      !sameJson(next.actions, row.actions) ||
      !sameJson(next.connections, row.connections);
    const enabledChanged = next.enabled !== row.enabled;
    if (!graphChanged && !enabledChanged) return presentPipeline(row);
    // Whatever changes what runs (starting, stopping, or editing a running chain) is a deploy.
    if ((enabledChanged || next.enabled) && !canDeploy)
      throw problems.forbidden('Changing a running chain needs the Stream Logic deploy permission');
    if (graphChanged || next.enabled) await this.assertValid(actor.orgId, projectId, next, next.enabled);

    const revision = graphChanged ? row.revision + 1 : row.revision;
    const written = await this.repo.transaction(async (trx) => {
      const won = await trx.updateIfRevision(actor.orgId, id, row, {
        ...(graphChanged ? next : {}),
        enabled: next.enabled,
        nextRevision: revision,
        userId: actor.userId,
      });
      if (!won) return false;
      const activity = trx.sibling(ChainActivityRepository);
      const entry = {
        orgId: actor.orgId,
        projectId,
        pipelineId: id,
        pipelineName: next.name,
        actorId: actor.userId,
      };
      if (graphChanged) {
        const diff = diffChains(row, next);
        await trx.insertVersion(actor.orgId, id, {
          ...next,
          revision,
          diff,
          rollbackOf: null,
          userId: actor.userId,
        });
        await activity.record({ ...entry, kind: 'deployed', revision, detail: diffInWords(diff) });
      }
      if (enabledChanged)
        await activity.record({
          ...entry,
          kind: next.enabled ? 'enabled' : 'disabled',
          revision,
          detail: next.enabled ? `Started revision ${revision}` : `Stopped revision ${revision}`,
        });
      return true;
    });
    if (!written) return this.stale(actor, await this.mustFind(actor.orgId, projectId, id));
    await this.changed(actor.orgId, id);
    return this.get(actor.orgId, projectId, id);
  }

  /** Deletes a chain with its versions, state and trace; its activity stays. */
  async delete(actor: Actor, projectId: string, id: string): Promise<void> {
    const row = await this.mustFind(actor.orgId, projectId, id);
    const gone = await this.repo.transaction(async (trx) => {
      await trx.sibling(ChainActivityRepository).record({
        orgId: actor.orgId,
        projectId,
        pipelineId: id,
        pipelineName: row.name,
        kind: 'deleted',
        revision: row.revision,
        actorId: actor.userId,
        detail: `Deleted at revision ${row.revision}`,
      });
      return trx.delete(actor.orgId, projectId, id);
    });
    if (!gone) throw problems.notFound(NOT_FOUND);
    await this.changed(actor.orgId, id);
  }

  /** Every deployed version of a chain, newest first. */
  async versions(orgId: string, projectId: string, id: string) {
    await this.mustFind(orgId, projectId, id);
    return { versions: (await this.repo.versions(orgId, id)).map(presentVersion) };
  }

  /** One version with its graph. */
  async version(orgId: string, projectId: string, id: string, revision: number) {
    await this.mustFind(orgId, projectId, id);
    const row = await this.repo.version(orgId, id, revision);
    if (!row) throw problems.notFound('Version');
    return presentVersionDetail(row);
  }

  /**
   * Deploys an old version as a new revision (`rollback_of` names it), if the chain is still at
   * `current` (409 otherwise); a running chain's old version is validated again (a sensor it named may
   * be gone).
   */
  async rollback(
    actor: Actor,
    projectId: string,
    id: string,
    target: number,
    current: number,
  ): Promise<Pipeline> {
    const row = await this.mustFind(actor.orgId, projectId, id);
    const version = await this.repo.version(actor.orgId, id, target);
    if (!version) throw problems.notFound('Version');
    if (current !== row.revision) return this.stale(actor, row);
    if (target === row.revision) throw problems.conflict(`Revision ${target} is the one deployed`);
    const next: ChainValues = {
      name: version.name,
      description: version.description,
      actions: version.actions,
      connections: version.connections,
      enabled: row.enabled,
    };
    if (next.enabled) await this.assertValid(actor.orgId, projectId, next, true);
    const revision = row.revision + 1;
    const written = await this.repo.transaction(async (trx) => {
      const won = await trx.updateIfRevision(actor.orgId, id, row, {
        ...next,
        nextRevision: revision,
        userId: actor.userId,
      });
      if (!won) return false;
      await trx.insertVersion(actor.orgId, id, {
        ...next,
        revision,
        diff: diffChains(row, next),
        rollbackOf: target,
        userId: actor.userId,
      });
      await trx.sibling(ChainActivityRepository).record({
        orgId: actor.orgId,
        projectId,
        pipelineId: id,
        pipelineName: next.name,
        kind: 'rolled_back',
        revision,
        actorId: actor.userId,
        detail: `Restored revision ${target} as revision ${revision}`,
      });
      return true;
    });
    if (!written) return this.stale(actor, await this.mustFind(actor.orgId, projectId, id));
    await this.changed(actor.orgId, id);
    return this.get(actor.orgId, projectId, id);
  }

  private changed(orgId: string, pipelineId: string): Promise<void> {
    return this.deps.bus.publish(CHAINS_CHANGED_CHANNEL, { orgId, pipelineId });
  }
}
