/** Gateway use cases: list, read, create, edit; archive, unarchive, rotate and delete live in lifecycle.ts. */
import { randomUUID } from 'node:crypto';
import type { Gateway, GatewayWithToken, gatewayBodySchema, TabCounts } from '@ferrite/contracts';
import type { z } from 'zod';
import type { Config } from '../../../config';
import { hasSqlState, UNIQUE_VIOLATION } from '../../../platform/db/sqlState';
import { type ArchiveListQuery, archiveList } from '../../../platform/http/archiveList';
import { mustFindProject, ProjectRepository } from '../../projects';
import type { DeviceLink } from '../ingest/deviceLink';
import { type Actor, activityBase, problems } from '../shared';
import {
  assertBelowLimit,
  assertCredentialsFree,
  assertParentUsable,
  credentialClash,
  mustFindGateway,
} from './checks';
import { type Connection, newGatewayToken, resolveConnection } from './connection';
import { presentGateway } from './presenter';
import type { GatewayRepository, GatewayValues } from './repository';

export type GatewayInput = z.output<typeof gatewayBodySchema>;

export interface GatewayServiceDeps {
  config: Pick<Config, 'publicUrl' | 'mqttPort' | 'coapPort'>;
  deviceLink: Pick<DeviceLink, 'gatewayChanged'>;
}

/** The IoT Manager's gateways of a project. */
export class GatewayService {
  constructor(
    readonly repo: GatewayRepository,
    readonly deps: GatewayServiceDeps,
  ) {}

  /** One page of a project's tab, its total and both tab counts. */
  list(
    orgId: string,
    projectId: string,
    query: ArchiveListQuery,
  ): Promise<{ gateways: Gateway[]; total_entries: number; counts: TabCounts }> {
    return archiveList(
      'gateways',
      query,
      async (tab) => {
        const page = await this.repo.listPage(orgId, projectId, tab);
        if (!page.projectFound) throw problems.notFound('Project');
        return page;
      },
      (rows) => {
        const now = Date.now();
        return rows.map((row) => presentGateway(row, now));
      },
    );
  }

  /** One gateway. */
  async get(orgId: string, id: string): Promise<Gateway> {
    return presentGateway(await mustFindGateway(this.repo, orgId, id));
  }

  /** Creates a gateway in an active project; the answer holds its access token, shown only now. */
  async create(actor: Actor, projectId: string, body: GatewayInput): Promise<GatewayWithToken> {
    const id = randomUUID();
    const values = this.valuesOf(id, body, null);
    const token = newGatewayToken();
    const created = await this.guardUnique(
      () => values,
      id,
      () =>
        this.repo.transaction(async (repo) => {
          await mustFindProject(repo.sibling(ProjectRepository), actor.orgId, projectId, { active: true });
          await assertParentUsable(repo, actor.orgId, projectId, id, values.parent_id);
          await assertCredentialsFree(repo, id, values);
          await repo.lockOrgGateways(actor.orgId);
          await assertBelowLimit(repo, actor.orgId);
          await repo.insert(
            {
              id,
              orgId: actor.orgId,
              projectId,
              createdBy: actor.userId,
              tokenHash: token.hash,
              tokenHint: token.hint,
            },
            values,
          );
          const after = presentGateway(await mustFindGateway(repo, actor.orgId, id));
          await repo.recordActivity({
            ...activityBase(actor, 'gateway', id),
            action: 'created',
            summary: `Created gateway "${after.name}"`,
            after,
          });
          return { gateway: after, access_token: token.token };
        }),
    );
    // After the commit: an external broker learns the account while the plaintext token exists.
    await this.deps.deviceLink.gatewayChanged(id, token.token);
    return created;
  }

  /** Replaces a gateway's fields (its project stays); omitted topic, client id and user name are kept. */
  async update(actor: Actor, id: string, body: GatewayInput): Promise<Gateway> {
    let values: GatewayValues | null = null;
    const after = await this.guardUnique(
      () => values,
      id,
      () =>
        this.repo.transaction(async (repo) => {
          const current = await mustFindGateway(repo, actor.orgId, id);
          const before = presentGateway(current);
          values = this.valuesOf(id, body, current);
          await assertParentUsable(repo, actor.orgId, current.project_id, id, values.parent_id);
          await assertCredentialsFree(repo, id, values, current);
          await repo.update(actor.orgId, id, values);
          const updated = presentGateway(await mustFindGateway(repo, actor.orgId, id));
          await repo.recordActivity({
            ...activityBase(actor, 'gateway', id),
            action: 'updated',
            summary: `Updated gateway "${updated.name}"`,
            before,
            after: updated,
          });
          return updated;
        }),
    );
    await this.deps.deviceLink.gatewayChanged(id);
    return after;
  }

  private valuesOf(id: string, body: GatewayInput, current: Connection | null): GatewayValues {
    const connection = resolveConnection(id, body, current, this.deps.config);
    return {
      name: body.name,
      type: body.type,
      protocol: body.protocol,
      channel: body.channel,
      parent_id: body.parent_id,
      description: body.description,
      ...connection,
      heartbeat_timeout_s: body.heartbeat_timeout_s,
      static_params: body.static_params,
      streaming_params: body.streaming_params,
      timestamp_mapping: body.timestamp_mapping,
    };
  }

  /** Runs a write; a unique violation a concurrent request caused answers the same 409 as the check. */
  private async guardUnique<T>(
    valuesOf: () => GatewayValues | null,
    id: string,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const values = valuesOf();
      if (!values || !hasSqlState(error, UNIQUE_VIOLATION)) throw error;
      throw credentialClash(await this.repo.clashes(values.topic, values.client_id, id)) ?? error;
    }
  }
}
