/**
 * SQL of alerts and their timeline; every method is scoped to one organization. The partial unique
 * index alerts_open_once_idx keeps one open alert per (organization, dedupe key): `insertOpen` loses
 * quietly to a concurrent raise of the same key instead of failing.
 */
import type { AlertEventKind, AlertSeverity, AlertStatus } from '@ferrite/contracts';
import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool, sql } from 'kysely';
import type { AlertsTable } from '../../../platform/db/alertTables';
import { Repository } from '../../../platform/db/repository';
import type { Database } from '../../../platform/db/schema';
import type { AlertRow } from './raise';

/** An alert with the names its presentation shows. */
export type PresentableAlert = AlertRow & {
  rule_name: string | null;
  acknowledged_by_name: string | null;
  assignee_name: string | null;
};

/** The list's filters once checked (contracts alertListQuerySchema). */
export interface AlertFilter {
  archived: boolean;
  statuses?: AlertStatus[] | undefined;
  severities?: AlertSeverity[] | undefined;
  app?: string | undefined;
  ruleId?: string | undefined;
  entityId?: string | undefined;
  /** Only alerts assigned to this user or sent to them in-app. */
  mineOf?: string | undefined;
  pattern?: string | null | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

type AlertScope = ExpressionBuilder<Database & { a: Database['alerts'] }, 'a'>;

/** Statuses that keep an alert open (matches the partial unique index's predicate). */
export const OPEN = ['active', 'acknowledged'] as const;

/** Data access for alerts and alert events; bind it to a transaction with `transaction`. */
export class AlertRepository extends Repository {
  /** Inserts an open alert unless one is open for its key; answers the new row, or undefined when it lost. */
  insertOpen(values: Insertable<AlertsTable>): Promise<AlertRow | undefined> {
    return this.db
      .insertInto('alerts')
      .values(values)
      .onConflict((oc) =>
        oc
          .columns(['org_id', 'dedupe_key'])
          .where('status', 'in', [...OPEN])
          .doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** The open alert of a key, if any. */
  findOpen(orgId: string, dedupeKey: string): Promise<AlertRow | undefined> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('dedupe_key', '=', dedupeKey)
      .where('status', 'in', [...OPEN])
      .executeTakeFirst();
  }

  /** The alert, locked for a status change in the current transaction. */
  findForUpdate(orgId: string, id: string): Promise<AlertRow | undefined> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Changes an alert's columns; answers the changed row. */
  update(orgId: string, id: string, values: Partial<Insertable<AlertsTable>>): Promise<AlertRow> {
    return this.db
      .updateTable('alerts')
      .set({ ...values, updated_at: new Date() })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Deletes an alert (its events and notifications go with it). */
  async delete(orgId: string, id: string): Promise<boolean> {
    const row = await this.db
      .deleteFrom('alerts')
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records a timeline event. */
  async addEvent(
    orgId: string,
    alertId: string,
    kind: AlertEventKind,
    actorId: string | null,
    text = '',
    at: Date = new Date(),
  ): Promise<void> {
    await this.db
      .insertInto('alert_events')
      .values({ org_id: orgId, alert_id: alertId, kind, actor_id: actorId, text, at })
      .execute();
  }

  private presentable(orgId: string) {
    return this.db
      .selectFrom('alerts as a')
      .leftJoin('alert_rules as r', 'r.id', 'a.rule_id')
      .leftJoin('users as ack', 'ack.id', 'a.acknowledged_by')
      .leftJoin('users as asg', 'asg.id', 'a.assignee_id')
      .selectAll('a')
      .select(['r.rule_name as rule_name', 'ack.name as acknowledged_by_name', 'asg.name as assignee_name'])
      .where('a.org_id', '=', orgId);
  }

  /** One alert with the names it is shown with. */
  findPresentable(orgId: string, id: string): Promise<PresentableAlert | undefined> {
    return this.presentable(orgId).where('a.id', '=', id).executeTakeFirst();
  }

  /** Alerts by id with their names, in no particular order. */
  async presentableMany(orgId: string, ids: string[]): Promise<PresentableAlert[]> {
    if (ids.length === 0) return [];
    return this.presentable(orgId).where('a.id', 'in', ids).execute();
  }

  /** One page of the list, newest first, how many match, and both tab totals. */
  async listPage(
    orgId: string,
    filter: AlertFilter,
    window: { limit: number; offset: number },
  ): Promise<{ rows: PresentableAlert[]; total: number; active: number; archived: number }> {
    const matching = (eb: AlertScope, withTab: boolean): Expression<SqlBool> => {
      const where: Expression<SqlBool>[] = [];
      if (withTab) where.push(eb('a.archived_at', filter.archived ? 'is not' : 'is', null));
      if (filter.statuses?.length) where.push(eb('a.status', 'in', filter.statuses));
      if (filter.severities?.length) where.push(eb('a.severity', 'in', filter.severities));
      if (filter.app) where.push(eb('a.app', '=', filter.app));
      if (filter.ruleId) where.push(eb('a.rule_id', '=', filter.ruleId));
      if (filter.entityId) where.push(eb('a.entity_id', '=', filter.entityId));
      if (filter.from) where.push(eb('a.fired_at', '>=', new Date(filter.from)));
      if (filter.to) where.push(eb('a.fired_at', '<', new Date(filter.to)));
      if (filter.pattern) {
        const pattern = filter.pattern;
        where.push(
          eb.or([
            eb('a.description', 'ilike', pattern),
            eb('a.entity_name', 'ilike', pattern),
            eb('a.policy_name', 'ilike', pattern),
          ]),
        );
      }
      if (filter.mineOf) {
        const me = filter.mineOf;
        where.push(
          eb.or([
            eb('a.assignee_id', '=', me),
            eb.exists(
              eb
                .selectFrom('alert_notifications as n')
                .select('n.id')
                .whereRef('n.alert_id', '=', 'a.id')
                .where('n.user_id', '=', me)
                .where('n.medium', '=', 'in_app'),
            ),
          ]),
        );
      }
      return eb.and(where);
    };
    const [rows, counts] = await Promise.all([
      this.presentable(orgId)
        .where((eb) => matching(eb as unknown as AlertScope, true))
        .orderBy('a.fired_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      this.db
        .selectFrom('alerts as a')
        .select((eb) => [
          eb.fn
            .countAll<string>()
            .filterWhere((f) => matching(f as unknown as AlertScope, true))
            .as('total'),
          // The tabs count what the filters let through, in either tab.
          eb.fn
            .countAll<string>()
            .filterWhere((f) =>
              f.and([f('a.archived_at', 'is', null), matching(f as unknown as AlertScope, false)]),
            )
            .as('active'),
          eb.fn
            .countAll<string>()
            .filterWhere((f) =>
              f.and([f('a.archived_at', 'is not', null), matching(f as unknown as AlertScope, false)]),
            )
            .as('archived'),
        ])
        .where('a.org_id', '=', orgId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      rows,
      total: Number(counts.total),
      active: Number(counts.active),
      archived: Number(counts.archived),
    };
  }

  /** Timeline events oldest first, with the actor's name. */
  events(orgId: string, alertId: string) {
    return this.db
      .selectFrom('alert_events as e')
      .leftJoin('users as u', 'u.id', 'e.actor_id')
      .select(['e.id', 'e.at', 'e.kind', 'e.actor_id', 'e.text', 'u.name as actor_name'])
      .where('e.org_id', '=', orgId)
      .where('e.alert_id', '=', alertId)
      .orderBy('e.id')
      .execute();
  }

  /** Every notification of an alert, oldest first. */
  notifications(orgId: string, alertId: string) {
    return this.db
      .selectFrom('alert_notifications')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('alert_id', '=', alertId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Bumps the comment count. */
  async bumpComments(orgId: string, id: string): Promise<void> {
    await this.db
      .updateTable('alerts')
      .set({ comments: sql`comments + 1`, updated_at: new Date() })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .execute();
  }

  /** The organization's open alerts among these ids, locked (bulk acknowledge). */
  activeAmong(orgId: string, ids: string[]): Promise<AlertRow[]> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('id', 'in', ids)
      .where('status', '=', 'active')
      .forUpdate()
      .execute();
  }

  /** Alerts of these sensors whose data point lies in the window (chart marks). */
  marks(orgId: string, sensorIds: string[], from: Date, to: Date): Promise<AlertRow[]> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('entity_kind', '=', 'sensor')
      .where('entity_id', 'in', sensorIds)
      .where('triggered_at', '>=', from)
      .where('triggered_at', '<=', to)
      .orderBy('triggered_at')
      .limit(1_000)
      .execute();
  }

  /** Counts of open (not archived) alerts by severity and by status. */
  async countsBy(orgId: string): Promise<{ severity: string; status: string; n: number }[]> {
    const rows = await this.db
      .selectFrom('alerts')
      .select(['severity', 'status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('org_id', '=', orgId)
      .where('archived_at', 'is', null)
      .groupBy(['severity', 'status'])
      .execute();
    return rows.map((row) => ({ severity: row.severity, status: row.status, n: Number(row.n) }));
  }

  /** The newest alerts (not archived), with names. */
  recent(orgId: string, limit: number): Promise<PresentableAlert[]> {
    return this.presentable(orgId)
      .where('a.archived_at', 'is', null)
      .orderBy('a.fired_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** When each alert fired since `since` (the per-hour chart). */
  async firedSince(orgId: string, since: Date): Promise<Date[]> {
    const rows = await this.db
      .selectFrom('alerts')
      .select('fired_at')
      .where('org_id', '=', orgId)
      .where('fired_at', '>=', since)
      .execute();
    return rows.map((row) => new Date(row.fired_at));
  }

  /** The organization's rule totals and active silences at `at`. */
  async ruleAndSilenceCounts(orgId: string, at: Date) {
    const [rules, silences] = await Promise.all([
      this.db
        .selectFrom('alert_rules')
        .select((eb) => [
          eb.fn.countAll<string>().as('total'),
          eb.fn.countAll<string>().filterWhere('enabled', '=', true).as('enabled'),
        ])
        .where('org_id', '=', orgId)
        .where('archived_at', 'is', null)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('alert_silences')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('org_id', '=', orgId)
        .where('starts_at', '<=', at)
        .where('ends_at', '>', at)
        .executeTakeFirstOrThrow(),
    ]);
    return { total: Number(rules.total), enabled: Number(rules.enabled), silences: Number(silences.n) };
  }

  /** Whether the user is an active member of the organization (assignees). */
  async isActiveMember(orgId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('memberships')
      .select('user_id')
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }
}
