/**
 * Mapping use cases: which payload field (a JSON path) feeds which sensor parameter. A sensor parameter
 * is fed by one path only; mapping it again asks first (409) and, confirmed, moves it in one transaction.
 */
import {
  type Mapping,
  type MappingConflict,
  type mappingBodySchema,
  parseJsonPath,
} from '@ferrite/contracts';
import type { z } from 'zod';
import { hasSqlState, UNIQUE_VIOLATION } from '../../../platform/db/sqlState';
import { assertUsable, unprocessable } from '../../../platform/http/problem';
import { effectiveOf, TypeRepository } from '../../entityManager';
import { mustFindGateway } from '../gateways/checks';
import { GatewayRepository } from '../gateways/repository';
import type { DeviceLink } from '../ingest/deviceLink';
import { type Actor, activityBase, HttpProblem, problems } from '../shared';
import { presentMapping } from './presenter';
import type { MappingRepository, MappingRow } from './repository';

export type MappingInput = z.output<typeof mappingBodySchema>;

/** The 409 of a sensor parameter another path already feeds; the body names that mapping. */
export class MappingConflictProblem extends HttpProblem {
  constructor(
    readonly existing: MappingConflict['existing'],
    detail: string,
  ) {
    super(409, 'Parameter already mapped', detail);
  }

  /** The answer body: the problem plus the mapping in the way. */
  body() {
    return { title: this.title, detail: this.detail, status: this.status, existing: this.existing };
  }
}

/** A gateway's mappings. */
export class MappingService {
  constructor(
    private readonly repo: MappingRepository,
    private readonly deviceLink: Pick<DeviceLink, 'gatewayChanged'>,
  ) {}

  /** The gateway's mappings by JSON path. */
  async list(orgId: string, gatewayId: string): Promise<Mapping[]> {
    await mustFindGateway(this.repo.sibling(GatewayRepository), orgId, gatewayId);
    return (await this.repo.ofGateway(orgId, gatewayId)).map(presentMapping);
  }

  /** Maps a JSON path to a sensor parameter of the gateway's project (409 when taken, unless replace). */
  async create(actor: Actor, gatewayId: string, body: MappingInput): Promise<Mapping> {
    const parsed = parseJsonPath(body.json_path);
    if ('error' in parsed) assertUsable([{ path: 'body.json_path', message: parsed.error }]);
    let replaced: MappingRow | undefined;
    const created = await this.repo
      .transaction(async (repo) => {
        const gateway = await mustFindGateway(repo.sibling(GatewayRepository), actor.orgId, gatewayId);
        const sensorName = await assertTarget(repo, actor.orgId, gateway.project_id, body);
        const existing = await repo.feeding(actor.orgId, body.sensor_id, body.param_key);
        if (existing && !body.replace) throw conflictWith(existing, sensorName, body.param_key);
        if (existing) {
          replaced = existing;
          await repo.delete(actor.orgId, existing.id);
          await repo.recordActivity({
            ...activityBase(actor, 'gateway_mapping', existing.id),
            action: 'deleted',
            summary: `Removed mapping "${existing.json_path}" → ${sensorName}.${body.param_key} from gateway "${existing.gateway_name}"`,
            before: presentMapping(existing),
          });
        }
        const id = await repo.insert(actor.orgId, {
          gateway_id: gatewayId,
          json_path: body.json_path,
          sensor_id: body.sensor_id,
          param_key: body.param_key,
        });
        const after = presentMapping((await repo.findOne(actor.orgId, gatewayId, id)) as MappingRow);
        await repo.recordActivity({
          ...activityBase(actor, 'gateway_mapping', id),
          action: 'created',
          summary: `Mapped "${after.json_path}" → ${sensorName}.${after.param_key} on gateway "${gateway.name}"`,
          after,
        });
        return after;
      })
      .catch(async (error: unknown) => {
        // Another request mapped the parameter between our check and insert: the same question.
        if (!hasSqlState(error, UNIQUE_VIOLATION)) throw error;
        const existing = await this.repo.feeding(actor.orgId, body.sensor_id, body.param_key);
        throw existing ? conflictWith(existing, existing.sensor_name, body.param_key) : error;
      });
    this.deviceLink.gatewayChanged(gatewayId);
    if (replaced && replaced.gateway_id !== gatewayId) this.deviceLink.gatewayChanged(replaced.gateway_id);
    return created;
  }

  /** Removes one of the gateway's mappings. */
  async delete(actor: Actor, gatewayId: string, mappingId: string): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const gateway = await mustFindGateway(repo.sibling(GatewayRepository), actor.orgId, gatewayId);
      const existing = await repo.findOne(actor.orgId, gatewayId, mappingId);
      if (!existing || !(await repo.delete(actor.orgId, mappingId))) throw problems.notFound('Mapping');
      await repo.recordActivity({
        ...activityBase(actor, 'gateway_mapping', mappingId),
        action: 'deleted',
        summary: `Removed mapping "${existing.json_path}" → ${existing.sensor_name}.${existing.param_key} from gateway "${gateway.name}"`,
        before: presentMapping(existing),
      });
    });
    this.deviceLink.gatewayChanged(gatewayId);
  }
}

/** The sensor must be a sensor of the gateway's project and the key one of its type's parameters (422). */
async function assertTarget(
  repo: MappingRepository,
  orgId: string,
  projectId: string,
  body: MappingInput,
): Promise<string> {
  const sensor = await repo.findEntity(orgId, projectId, body.sensor_id);
  if (sensor?.kind !== 'sensor') {
    throw unprocessable([
      {
        path: 'body.sensor_id',
        message: sensor
          ? 'Only sensors can be mapped; this is an asset'
          : "No sensor with this id in the gateway's project",
      },
    ]);
  }
  const types = await repo.sibling(TypeRepository).withAncestors(orgId, [sensor.type_id]);
  const keys = effectiveOf(sensor.type_id, types).parameters.map((parameter) => parameter.key);
  if (!keys.includes(body.param_key)) {
    throw unprocessable([
      {
        path: 'body.param_key',
        message: keys.length
          ? `"${sensor.name}" has no parameter "${body.param_key}"; its parameters are ${keys.join(', ')}`
          : `"${sensor.name}" has no parameters; add them to its sensor type first`,
      },
    ]);
  }
  return sensor.name;
}

function conflictWith(existing: MappingRow, sensorName: string, paramKey: string): MappingConflictProblem {
  return new MappingConflictProblem(
    {
      id: existing.id,
      gateway_id: existing.gateway_id,
      gateway_name: existing.gateway_name,
      json_path: existing.json_path,
    },
    `${sensorName}.${paramKey} is fed by ${existing.gateway_name} from "${existing.json_path}". Remove that mapping and create the new one?`,
  );
}
