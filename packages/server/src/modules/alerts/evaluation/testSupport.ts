/** Test helpers for rule evaluation: a plant of a type, an asset and sensors; rules straight into the table; readings. */
import { type RuleBody, ruleBodySchema } from '@ferrite/contracts';
import type { Db } from '../../../platform/db/database';
import type { TestPlatform } from '../../../testing/testPlatform';
import { addProject, createEntity, createType, entityManagerClient } from '../../entityManager/testSupport';
import { evaluationOf } from './evaluation';

export interface Plant {
  projectId: string;
  typeId: string;
  assetId: string;
  /** A Bearing sensor under the asset. */
  sensorId: string;
  /** Adds a sensor (of the Bearing type unless told) under the asset unless told otherwise. */
  addSensor(name: string, options?: { typeId?: string; parentId?: string | null }): Promise<string>;
}

/** A project "Line <name>" with a Bearing sensor type, a pump asset and one sensor under it. */
export async function buildPlant(
  platform: TestPlatform,
  orgId: string,
  token: string,
  name: string,
): Promise<Plant> {
  const client = entityManagerClient(platform, orgId, token);
  const projectId = await addProject(platform, orgId, `Line ${name}`);
  const typeId = await createType(client, 'sensor', {
    name: `Bearing ${name}`,
    parameters: [
      { key: 'temperature', data_type: 'number', unit: 'C' },
      { key: 'vibration', data_type: 'number', unit: 'mm/s' },
      { key: 'running', data_type: 'boolean', unit: '' },
    ],
  });
  const assetTypeId = await createType(client, 'asset', { name: `Pump ${name}` });
  const assetId = await createEntity(client, projectId, 'asset', { name: `P-${name}`, type_id: assetTypeId });
  const addSensor: Plant['addSensor'] = (sensorName, options = {}) =>
    createEntity(client, projectId, 'sensor', {
      name: sensorName,
      type_id: options.typeId ?? typeId,
      ...(options.parentId === null ? {} : { parent_id: options.parentId ?? assetId }),
    });
  const sensorId = await addSensor(`Bearing ${name}`);
  return { projectId, typeId, assetId, sensorId, addSensor };
}

/** Stores a rule as the rules API would (validated by the contract); the node forgets its rule cache. */
export async function insertRule(
  platform: TestPlatform,
  orgId: string,
  body: Omit<RuleBody, 'rule_name' | 'severity'> & Partial<Pick<RuleBody, 'rule_name' | 'severity'>>,
): Promise<string> {
  const rule = ruleBodySchema.parse({ rule_name: 'Bearing too hot', severity: 'major', ...body });
  const scope = rule.data.scope;
  const row = await platform.deps.db
    .insertInto('alert_rules')
    .values({
      org_id: orgId,
      rule_name: rule.rule_name,
      severity: rule.severity,
      enabled: rule.enabled,
      message: rule.message,
      scope_kind: scope.kind,
      scope_id:
        scope.kind === 'sensor'
          ? scope.sensor_id
          : scope.kind === 'sensor_type'
            ? scope.type_id
            : scope.asset_id,
      data: JSON.stringify(rule.data),
      policy: JSON.stringify(rule.policy),
      grouping: rule.grouping,
      media: JSON.stringify(rule.media),
      recipients: JSON.stringify(rule.recipients),
      actions: JSON.stringify(rule.actions),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  evaluationOf(platform.deps).rules.forget(orgId);
  return row.id;
}

/** One run of readings: [epoch ms, value] pairs. */
export function runOf(orgId: string, sensorId: string, paramKey: string, points: [number, number][]) {
  return { orgId, sensorId, paramKey, ts: points.map((p) => p[0]), values: points.map((p) => p[1]) };
}

/** The rule's alerts, oldest first. */
export function alertsOf(db: Db, ruleId: string) {
  return db
    .selectFrom('alerts')
    .select([
      'id',
      'status',
      'dedupe_key',
      'entity_id',
      'entity_path',
      'param_key',
      'value',
      'threshold',
      'triggered_at',
      'fired_at',
      'cleared_at',
      'description',
    ])
    .where('rule_id', '=', ruleId)
    .orderBy('fired_at')
    .execute();
}

/** The pair's stored state. */
export function stateOf(db: Db, ruleId: string, sensorId: string) {
  return db
    .selectFrom('alert_rule_states')
    .select(['state', 'since', 'last_ts'])
    .where('rule_id', '=', ruleId)
    .where('sensor_id', '=', sensorId)
    .executeTakeFirst();
}
