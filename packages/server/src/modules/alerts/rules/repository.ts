/**
 * SQL of alert rules; every tenant read is scoped to one organization.
 *
 * For the evaluator (stable names): `RuleRepository.enabledRules(orgId?)` answers the enabled, not
 * archived rules (of one organization, or of all), and `rulesCoveringSensor(orgId, sensor)` those that
 * cover one sensor: naming it, naming its type or a type above it, or naming an asset above it.
 */
import { type AlertSeverity, OPEN_ALERT_STATUSES, type RuleScope } from '@ferrite/contracts';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { AlertRulesTable } from '../../../platform/db/alertTables';
import { Repository } from '../../../platform/db/repository';

export type RuleRow = Selectable<AlertRulesTable>;
/** A rule with what its presentation adds: its creator's name and its open alerts (active or acknowledged). */
export type ListedRule = RuleRow & { created_by_name: string | null; open_alerts: number };

/** The columns a create or replace writes. */
export type RuleValues = Omit<Insertable<AlertRulesTable>, 'id' | 'org_id' | 'created_by' | 'created_at'>;

/** The scope's kind and id as stored beside the data (for lookups). */
export function scopeColumns(scope: RuleScope): { scope_kind: string; scope_id: string } {
  return {
    scope_kind: scope.kind,
    scope_id:
      scope.kind === 'sensor'
        ? scope.sensor_id
        : scope.kind === 'sensor_type'
          ? scope.type_id
          : scope.asset_id,
  };
}

/** Data access for alert rules; bind it to a transaction with `transaction`. */
export class RuleRepository extends Repository {
  private listed(orgId: string) {
    return this.db
      .selectFrom('alert_rules as r')
      .leftJoin('users as u', 'u.id', 'r.created_by')
      .selectAll('r')
      .select((eb) => [
        'u.name as created_by_name',
        eb
          .selectFrom('alerts as a')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('a.rule_id', '=', 'r.id')
          .where('a.org_id', '=', orgId)
          .where('a.status', 'in', OPEN_ALERT_STATUSES)
          .as('open_alerts'),
      ])
      .where('r.org_id', '=', orgId);
  }

  private static counted<T extends { open_alerts: unknown }>(row: T): T & { open_alerts: number } {
    return { ...row, open_alerts: Number(row.open_alerts ?? 0) };
  }

  /** One page of a tab (newest first), how many match, and both tab totals. */
  async listPage(
    orgId: string,
    tab: {
      archived: boolean;
      pattern: string | null;
      limit: number;
      offset: number;
      severity?: AlertSeverity;
    },
  ): Promise<{ rows: ListedRule[]; total: number; active: number; archived: number }> {
    let page = this.listed(orgId).where('r.archived_at', tab.archived ? 'is not' : 'is', null);
    if (tab.pattern) page = page.where('r.rule_name', 'ilike', tab.pattern);
    if (tab.severity) page = page.where('r.severity', '=', tab.severity);
    const [rows, counts] = await Promise.all([
      page
        .orderBy(tab.archived ? 'r.archived_at' : 'r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(tab.limit)
        .offset(tab.offset)
        .execute(),
      this.db
        .selectFrom('alert_rules')
        .select((eb) => {
          const filters = (archived: boolean) =>
            eb.and([
              eb('archived_at', archived ? 'is not' : 'is', null),
              ...(tab.pattern ? [eb('rule_name', 'ilike', tab.pattern)] : []),
              ...(tab.severity ? [eb('severity', '=', tab.severity)] : []),
            ]);
          return [
            eb.fn.countAll<string>().filterWhere(filters(tab.archived)).as('total'),
            eb.fn.countAll<string>().filterWhere(filters(false)).as('active'),
            eb.fn.countAll<string>().filterWhere(filters(true)).as('archived'),
          ];
        })
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map(RuleRepository.counted),
      total: Number(counts.total),
      active: Number(counts.active),
      archived: Number(counts.archived),
    };
  }

  /** One rule with its creator's name and open alerts. */
  async findListed(orgId: string, id: string): Promise<ListedRule | undefined> {
    const row = await this.listed(orgId).where('r.id', '=', id).executeTakeFirst();
    return row && RuleRepository.counted(row);
  }

  /** Several rules by id, in no particular order. */
  async listedMany(orgId: string, ids: string[]): Promise<ListedRule[]> {
    if (ids.length === 0) return [];
    return (await this.listed(orgId).where('r.id', 'in', ids).execute()).map(RuleRepository.counted);
  }

  /** The rule, locked for a change in the current transaction. */
  findForUpdate(orgId: string, id: string): Promise<RuleRow | undefined> {
    return this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Creates a rule; answers its id. */
  async insert(orgId: string, createdBy: string, values: RuleValues): Promise<string> {
    const row = await this.db
      .insertInto('alert_rules')
      .values({ ...values, org_id: orgId, created_by: createdBy })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Replaces a rule's columns. */
  async update(orgId: string, id: string, values: Partial<RuleValues>): Promise<void> {
    await this.db
      .updateTable('alert_rules')
      .set({ ...values, updated_at: new Date() })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  /** Deletes a rule (its alerts stay, without their rule). */
  async delete(orgId: string, id: string): Promise<void> {
    await this.db.deleteFrom('alert_rules').where('org_id', '=', orgId).where('id', '=', id).execute();
  }

  /** The organization's rules of the Active tab, oldest first (export). */
  activeRules(orgId: string): Promise<RuleRow[]> {
    return this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('archived_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The enabled, not archived rules of one organization, or of every organization when none is given. */
  enabledRules(orgId?: string): Promise<RuleRow[]> {
    let query = this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('enabled', '=', true)
      .where('archived_at', 'is', null);
    if (orgId) query = query.where('org_id', '=', orgId);
    return query.orderBy('created_at').execute();
  }

  /** The enabled, not archived rules that cover the sensor (path '/<root>/…/<self>/'). */
  rulesCoveringSensor(
    orgId: string,
    sensor: { id: string; type_id: string; path: string },
  ): Promise<RuleRow[]> {
    const above = sensor.path.split('/').filter((id) => id && id !== sensor.id);
    return this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('enabled', '=', true)
      .where('archived_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('scope_kind', '=', 'sensor'), eb('scope_id', '=', sensor.id)]),
          eb.and([
            eb('scope_kind', '=', 'sensor_type'),
            eb(
              'scope_id',
              'in',
              sql<string>`(with recursive t(id, parent) as (
                select id, parent_type_id from entity_types where id = ${sensor.type_id}::uuid and org_id = ${orgId}
                union all
                select et.id, et.parent_type_id from entity_types et join t on et.id = t.parent)
              select id from t)`,
            ),
          ]),
          ...(above.length > 0
            ? [eb.and([eb('scope_kind', '=', 'asset'), eb('scope_id', 'in', above)])]
            : []),
        ]),
      )
      .execute();
  }

  /** How many sensors a scope covers now (a type covers its sub-types' sensors too). */
  async coveredCount(orgId: string, scope: RuleScope): Promise<number> {
    const { scope_id: id } = scopeColumns(scope);
    const condition =
      scope.kind === 'sensor'
        ? sql`e.id = ${id}::uuid`
        : scope.kind === 'sensor_type'
          ? sql`e.type_id in (with recursive t(id) as (
              select id from entity_types where id = ${id}::uuid and org_id = ${orgId}
              union all
              select et.id from entity_types et join t on et.parent_type_id = t.id)
            select id from t)`
          : sql`e.id <> ${id}::uuid and starts_with(e.path,
              (select a.path from entities a where a.id = ${id}::uuid and a.org_id = ${orgId}))`;
    const result = await sql<{ n: string }>`
      select count(*) as n from entities e
      where e.org_id = ${orgId} and e.kind = 'sensor' and ${condition}`.execute(this.db);
    return Number(result.rows[0]?.n ?? 0);
  }

  /** Names of entities and types by id (scope labels). */
  async namesOf(orgId: string, entityIds: string[], typeIds: string[]): Promise<Map<string, string>> {
    const [entities, types] = await Promise.all([
      entityIds.length
        ? this.db
            .selectFrom('entities')
            .select(['id', 'name'])
            .where('org_id', '=', orgId)
            .where('id', 'in', entityIds)
            .execute()
        : [],
      typeIds.length
        ? this.db
            .selectFrom('entity_types')
            .select(['id', 'name'])
            .where('org_id', '=', orgId)
            .where('id', 'in', typeIds)
            .execute()
        : [],
    ]);
    return new Map([...entities, ...types].map((row) => [row.id, row.name]));
  }
}
