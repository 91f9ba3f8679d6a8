/**
 * What a rule names must be the caller's organization's: the scope's sensor, type or asset, the
 * actions' gateways and sensors, the recipients' members and groups (escalation's too). One catalog is
 * read for a whole import, then each rule is checked against it; errors name the field (422). CEL
 * expressions must parse.
 */
import {
  type Condition,
  conditionLeaves,
  type FieldError,
  type Recipients,
  type RuleInput,
} from '@ferrite/contracts';
import type { Db } from '../../../platform/db/database';
import { memberFieldErrors } from '../../../platform/http/memberFields';
import { expressionProblem } from '../evaluation/expressions';

/** The organization's ids among those the rules name, by kind. */
export interface ReferenceCatalog {
  sensors: Set<string>;
  assets: Set<string>;
  sensorTypes: Set<string>;
  gateways: Set<string>;
  members: Set<string>;
  groups: Set<string>;
}

function recipientsOf(rule: RuleInput): Recipients[] {
  return [rule.recipients, ...rule.policy.escalation.map((step) => step.recipients)];
}

/** Reads which of the ids the rules name exist in the organization. */
export async function loadCatalog(db: Db, orgId: string, rules: RuleInput[]): Promise<ReferenceCatalog> {
  const entityIds = new Set<string>();
  const typeIds = new Set<string>();
  const gatewayIds = new Set<string>();
  const userIds = new Set<string>();
  const groupIds = new Set<string>();
  for (const rule of rules) {
    const scope = rule.data.scope;
    if (scope.kind === 'sensor_type') typeIds.add(scope.type_id);
    else entityIds.add(scope.kind === 'sensor' ? scope.sensor_id : scope.asset_id);
    for (const action of rule.actions) {
      if (action.kind === 'command') gatewayIds.add(action.gateway_id);
      if (action.kind === 'virtual_sensor') entityIds.add(action.sensor_id);
    }
    for (const recipients of recipientsOf(rule)) {
      for (const id of recipients.user_ids) userIds.add(id);
      for (const id of recipients.group_ids) groupIds.add(id);
    }
  }
  const none = Promise.resolve([] as never[]);
  const [entities, types, gateways, members, groups] = await Promise.all([
    entityIds.size
      ? db
          .selectFrom('entities')
          .select(['id', 'kind'])
          .where('org_id', '=', orgId)
          .where('id', 'in', [...entityIds])
          .execute()
      : none,
    typeIds.size
      ? db
          .selectFrom('entity_types')
          .select('id')
          .where('org_id', '=', orgId)
          .where('kind', '=', 'sensor')
          .where('id', 'in', [...typeIds])
          .execute()
      : none,
    gatewayIds.size
      ? db
          .selectFrom('gateways')
          .select('id')
          .where('org_id', '=', orgId)
          .where('id', 'in', [...gatewayIds])
          .execute()
      : none,
    userIds.size
      ? db
          .selectFrom('memberships')
          .select('user_id as id')
          .where('org_id', '=', orgId)
          .where('archived_at', 'is', null)
          .where('user_id', 'in', [...userIds])
          .execute()
      : none,
    groupIds.size
      ? db
          .selectFrom('user_groups')
          .select('id')
          .where('org_id', '=', orgId)
          .where('archived_at', 'is', null)
          .where('id', 'in', [...groupIds])
          .execute()
      : none,
  ]);
  const ids = (rows: { id: string }[]) => new Set(rows.map((row) => row.id));
  return {
    sensors: ids(entities.filter((row) => row.kind === 'sensor')),
    assets: ids(entities.filter((row) => row.kind === 'asset')),
    sensorTypes: ids(types),
    gateways: ids(gateways),
    members: ids(members),
    groups: ids(groups),
  };
}

/**
 * The fields of one rule naming something that is not the organization's, under `prefix` (e.g.
 * 'body' or 'body.rules.3'). People already on the rule being replaced stay allowed.
 */
export function referenceErrors(
  rule: RuleInput,
  catalog: ReferenceCatalog,
  prefix: string,
  alreadyAttached: ReadonlySet<string> = new Set(),
): FieldError[] {
  const errors: FieldError[] = [];
  const missing = (path: string, message: string) => errors.push({ path: `${prefix}.${path}`, message });
  const scope = rule.data.scope;
  if (scope.kind === 'sensor' && !catalog.sensors.has(scope.sensor_id))
    missing('data.scope.sensor_id', 'No such sensor in this organization');
  if (scope.kind === 'asset' && !catalog.assets.has(scope.asset_id))
    missing('data.scope.asset_id', 'No such asset in this organization');
  if (scope.kind === 'sensor_type' && !catalog.sensorTypes.has(scope.type_id))
    missing('data.scope.type_id', 'No such sensor type in this organization');
  // An expression that does not parse would never be met: refused now, with the parser's words.
  const expressions = (condition: Condition, path: string) => {
    for (const leaf of conditionLeaves(condition)) {
      const problem = leaf.op === 'expression' ? expressionProblem(leaf.expression) : null;
      if (problem) missing(path, `Expression: ${problem}`);
    }
  };
  expressions(rule.data.condition, 'data.condition');
  if (rule.data.clear.kind === 'condition') expressions(rule.data.clear.condition, 'data.clear.condition');
  rule.actions.forEach((action, index) => {
    if (action.kind === 'command' && !catalog.gateways.has(action.gateway_id))
      missing(`actions.${index}.gateway_id`, 'No such gateway in this organization');
    if (action.kind === 'virtual_sensor' && !catalog.sensors.has(action.sensor_id))
      missing(`actions.${index}.sensor_id`, 'No such sensor in this organization');
  });
  const checkRecipients = (recipients: Recipients, path: string) => {
    errors.push(
      ...memberFieldErrors(
        `${prefix}.${path}.user_ids`,
        recipients.user_ids,
        catalog.members,
        alreadyAttached,
      ),
    );
    recipients.group_ids.forEach((id, index) => {
      if (!catalog.groups.has(id))
        missing(`${path}.group_ids.${index}`, 'No such user group in this organization');
    });
  };
  checkRecipients(rule.recipients, 'recipients');
  rule.policy.escalation.forEach((step, index) => {
    checkRecipients(step.recipients, `policy.escalation.${index}.recipients`);
  });
  return errors;
}

/** Every member a rule names (so replacing it keeps people who left since). */
export function membersNamed(rule: {
  recipients: Recipients;
  policy: { escalation?: { recipients: Recipients }[] };
}) {
  return new Set([
    ...rule.recipients.user_ids,
    ...(rule.policy.escalation ?? []).flatMap((step) => step.recipients.user_ids),
  ]);
}
