/**
 * The rules evaluation runs, per organization, held in memory and indexed by what they cover (a sensor,
 * a sensor type, an asset) so a reading finds its rules without a query. Read straight from
 * `alert_rules` (enabled, not archived). An organization's index is forgotten when a rule of it changes
 * (the cluster bus channel `ferrite_alert_rules_changed`, { orgId }, every node hears it) and after
 * RULES_TTL_MS at the latest, so a lost message costs seconds, not correctness for ever.
 */
import type { AlertGrouping, AlertMedium, AlertSeverity, Recipients, RulePolicy } from '@ferrite/contracts';
import { conditionLeaves, type LeafCondition } from '@ferrite/contracts';
import type { StoredRuleData } from '../../../platform/db/alertTables';
import type { Db } from '../../../platform/db/database';
import type { AppDeps } from '../../../platform/http/deps';
import type { SensorInfo } from '../../entityManager';
import { type PreparedConditions, prepareConditions } from './conditions';
import { expressionParams } from './expressions';

/** The cluster bus channel rule writes are announced on ({ orgId }). */
export const RULES_CHANGED = 'ferrite_alert_rules_changed' as const;
/** The longest a node evaluates with a rule set it was not told changed. */
export const RULES_TTL_MS = 10_000;

/** A rule as evaluation needs it, its conditions prepared once. */
export interface ActiveRule {
  id: string;
  orgId: string;
  name: string;
  severity: AlertSeverity;
  message: string;
  data: StoredRuleData;
  prepared: PreparedConditions;
  /** The parameters it reads; null when an expression may read any. */
  params: ReadonlySet<string> | null;
  /** The longest rate-of-change window it looks back over (seconds; 0 without one). */
  rateWindowS: number;
  /** Its condition includes "no data for N" (the staleness job looks at it). */
  watchesSilence: boolean;
  policy: RulePolicy;
  grouping: AlertGrouping;
  media: AlertMedium[];
  recipients: Recipients;
  createdAt: number;
}

/** One organization's rules and their index. */
export interface OrgRules {
  rules: ActiveRule[];
  bySensor: Map<string, ActiveRule[]>;
  byType: Map<string, ActiveRule[]>;
  byAsset: Map<string, ActiveRule[]>;
}

type RuleRow = Awaited<ReturnType<typeof selectRules>>[number];

/** The enabled, unarchived rules with the columns evaluation reads (the evaluator and the jobs narrow it). */
export function enabledRulesQuery(db: Db) {
  return db
    .selectFrom('alert_rules')
    .select([
      'id',
      'org_id',
      'rule_name',
      'severity',
      'message',
      'data',
      'policy',
      'grouping',
      'media',
      'recipients',
      'created_at',
    ])
    .where('enabled', '=', true)
    .where('archived_at', 'is', null);
}

/** Enabled, unarchived rules of an organization (or, by id, of any). */
function selectRules(db: Db, where: { orgId?: string; ids?: readonly string[] }) {
  let query = enabledRulesQuery(db);
  if (where.orgId) query = query.where('org_id', '=', where.orgId);
  if (where.ids) query = query.where('id', 'in', where.ids.length ? where.ids : ['']);
  return query.execute();
}

/** The parameters leaves read (an expression's from its text); null when one may read any. */
function paramsRead(leaves: readonly LeafCondition[]): ReadonlySet<string> | null {
  const keys = new Set<string>();
  for (const leaf of leaves) {
    if (leaf.op !== 'expression') {
      keys.add(leaf.param);
      continue;
    }
    const read = expressionParams(leaf.expression);
    if (read === null) return null;
    for (const key of read) keys.add(key);
  }
  return keys;
}

/** A stored rule ready to evaluate. */
export function activeRuleOf(row: RuleRow): ActiveRule {
  const data = row.data;
  const leaves = conditionLeaves(data.condition);
  const rateWindowS = Math.max(0, ...leaves.map((leaf) => (leaf.op === 'rate' ? leaf.window_s : 0)));
  const clearLeaves = data.clear.kind === 'condition' ? conditionLeaves(data.clear.condition) : [];
  return {
    id: row.id,
    orgId: row.org_id,
    name: row.rule_name,
    severity: row.severity as AlertSeverity,
    message: row.message,
    data,
    prepared: prepareConditions(data.condition, data.clear),
    params: paramsRead([...leaves, ...clearLeaves]),
    rateWindowS,
    watchesSilence: leaves.some((leaf) => leaf.op === 'no_data'),
    policy: row.policy,
    grouping: row.grouping as AlertGrouping,
    media: row.media as AlertMedium[],
    recipients: row.recipients,
    createdAt: new Date(row.created_at).getTime(),
  };
}

/** Rules by id, wherever they belong (the jobs start from states). */
export async function loadRulesById(db: Db, ids: readonly string[]): Promise<Map<string, ActiveRule>> {
  const rows = ids.length ? await selectRules(db, { ids }) : [];
  return new Map(rows.map((row) => [row.id, activeRuleOf(row)]));
}

function push(map: Map<string, ActiveRule[]>, key: string, rule: ActiveRule): void {
  const list = map.get(key);
  if (list) list.push(rule);
  else map.set(key, [rule]);
}

/** Indexes rules by the sensor, type or asset their scope names. */
export function indexRules(rules: ActiveRule[]): OrgRules {
  const index: OrgRules = { rules, bySensor: new Map(), byType: new Map(), byAsset: new Map() };
  for (const rule of rules) {
    const scope = rule.data.scope;
    if (scope.kind === 'sensor') push(index.bySensor, scope.sensor_id, rule);
    else if (scope.kind === 'sensor_type') push(index.byType, scope.type_id, rule);
    else push(index.byAsset, scope.asset_id, rule);
  }
  return index;
}

/** The rules of an organization that cover a sensor (its own, its type's and supertypes', its assets'). */
export function rulesCovering(index: OrgRules, sensor: SensorInfo): ActiveRule[] {
  if (index.rules.length === 0) return [];
  const found: ActiveRule[] = [...(index.bySensor.get(sensor.id) ?? [])];
  for (const typeId of sensor.typeIds) found.push(...(index.byType.get(typeId) ?? []));
  for (const assetId of sensor.assetIds) found.push(...(index.byAsset.get(assetId) ?? []));
  return found;
}

/** Rule indexes per organization, loaded on first need and forgotten on change or after the TTL. */
export class RuleIndex {
  private readonly orgs = new Map<string, { at: number; index: Promise<OrgRules> }>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'bus'>,
    private readonly ttlMs: number = RULES_TTL_MS,
  ) {
    this.unsubscribe = deps.bus.subscribe(RULES_CHANGED, {
      message: ({ payload }) => {
        const orgId = (payload as { orgId?: unknown } | null)?.orgId;
        if (typeof orgId === 'string') this.orgs.delete(orgId);
        else this.orgs.clear();
      },
      missed: () => this.orgs.clear(),
    });
  }

  /** The organization's rules, indexed (one query when not held or stale). */
  rulesOf(orgId: string, now: number = Date.now()): Promise<OrgRules> {
    const held = this.orgs.get(orgId);
    if (held && now - held.at < this.ttlMs) return held.index;
    const index = selectRules(this.deps.db, { orgId }).then((rows) => indexRules(rows.map(activeRuleOf)));
    this.orgs.set(orgId, { at: now, index });
    index.catch(() => this.orgs.delete(orgId));
    return index;
  }

  /** Forgets what it holds (one organization, or all). */
  forget(orgId?: string): void {
    if (orgId) this.orgs.delete(orgId);
    else this.orgs.clear();
  }

  /** Stops listening to the bus. */
  close(): void {
    this.unsubscribe();
  }
}
