/**
 * SQL of notifications: who an alert's recipients are (members of the alert's own organization only),
 * the per-recipient rows whose unique key (alert, medium, recipient, round, step) makes a round send
 * once across nodes and restarts, their delivery status, and the alerts due for a repeat or a step.
 */
import { sql } from 'kysely';
import { Repository } from '../../../platform/db/repository';
import type { AlertRow } from '../lifecycle/raise';

/** A member as a recipient: their name, e-mail and phone. */
export interface Member {
  id: string;
  name: string;
  email: string;
  phone: string | null;
}

/** One planned notification, before it is stored. */
export interface PlannedNotification {
  medium: string;
  recipient: string;
  userId: string | null;
  /** Where it goes: an e-mail address or a phone number; the user's id for in-app. */
  address: string;
}

/** Data access for notifications; every tenant read takes the organization first. */
export class NotificationRepository extends Repository {
  /** Active members of the organization among these users (ids of other organizations drop out). */
  async membersById(orgId: string, userIds: readonly string[]): Promise<Member[]> {
    if (userIds.length === 0) return [];
    return this.members(orgId).where('u.id', 'in', userIds).execute();
  }

  /** Active members of the organization in these (unarchived) user groups of the same organization. */
  async membersOfGroups(orgId: string, groupIds: readonly string[]): Promise<Member[]> {
    if (groupIds.length === 0) return [];
    return this.members(orgId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_group_members as gm')
            .innerJoin('user_groups as g', 'g.id', 'gm.group_id')
            .select('gm.user_id')
            .whereRef('gm.user_id', '=', 'u.id')
            .where('gm.org_id', '=', orgId)
            .where('g.org_id', '=', orgId)
            .where('g.archived_at', 'is', null)
            .where('gm.group_id', 'in', groupIds),
        ),
      )
      .execute();
  }

  /** The organization's active admins: who hears of alerts raised without recipients (gateway offline). */
  async admins(orgId: string): Promise<Member[]> {
    return this.members(orgId).where('m.role', '=', 'admin').execute();
  }

  private members(orgId: string) {
    return this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.name', 'u.email', 'u.phone'])
      .where('m.org_id', '=', orgId)
      .where('m.archived_at', 'is', null)
      .orderBy('u.name');
  }

  /**
   * Stores the round's notifications; answers only the rows this call inserted, so a round planned twice
   * (two nodes, a retried job) sends each message once.
   */
  async insertRound(
    alert: Pick<AlertRow, 'id' | 'org_id'>,
    planned: readonly PlannedNotification[],
    round: number,
    step: number,
    status: 'queued' | 'muted',
  ): Promise<{ id: string; medium: string; recipient: string; user_id: string | null }[]> {
    if (planned.length === 0) return [];
    return this.db
      .insertInto('alert_notifications')
      .values(
        planned.map((item) => ({
          org_id: alert.org_id,
          alert_id: alert.id,
          medium: item.medium,
          recipient: item.recipient,
          user_id: item.userId,
          status,
          round,
          step,
        })),
      )
      .onConflict((oc) => oc.columns(['alert_id', 'medium', 'recipient', 'round', 'step']).doNothing())
      .returning(['id', 'medium', 'recipient', 'user_id'])
      .execute();
  }

  /** A notification with its alert, when it is still to be sent (queued or retrying); counts the attempt. */
  async takeForAttempt(id: string) {
    const row = await this.db
      .updateTable('alert_notifications')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'retrying'])
      .returning(['id', 'org_id', 'alert_id', 'medium', 'recipient', 'user_id', 'attempts', 'round', 'step'])
      .executeTakeFirst();
    return row ?? null;
  }

  /** Records how an attempt went. */
  async settle(id: string, outcome: { status: 'sent' | 'retrying' | 'failed'; error?: string }) {
    await this.db
      .updateTable('alert_notifications')
      .set({
        status: outcome.status,
        last_error: outcome.error ?? null,
        ...(outcome.status === 'sent' ? { sent_at: new Date() } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Marks in-app notifications delivered (the socket event is their delivery). */
  async markSent(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('alert_notifications')
      .set({ status: 'sent', sent_at: new Date(), attempts: 1 })
      .where('id', 'in', ids)
      .execute();
  }

  /** Adds names and addresses to the alert's told list (each once). */
  async addTold(orgId: string, alertId: string, names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('alerts')
        .select('told')
        .where('org_id', '=', orgId)
        .where('id', '=', alertId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return;
      const told = [...new Set([...row.told, ...names])];
      await trx
        .updateTable('alerts')
        .set({ told: JSON.stringify(told) })
        .where('org_id', '=', orgId)
        .where('id', '=', alertId)
        .execute();
    });
  }

  /** The alert, whatever its organization (jobs carry ids their own code queued). */
  alertById(id: string): Promise<AlertRow | undefined> {
    return this.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Open alerts of a group that are still active (the group's first round). */
  activeOfGroup(orgId: string, groupKey: string): Promise<AlertRow[]> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('group_key', '=', groupKey)
      .where('status', '=', 'active')
      .where('archived_at', 'is', null)
      .execute();
  }

  /** When the group was last notified, if ever (group_interval_s counts from there). */
  async lastNotifiedOfGroup(orgId: string, groupKey: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom('alert_notifications as n')
      .innerJoin('alerts as a', 'a.id', 'n.alert_id')
      .select((eb) => eb.fn.max('n.created_at').as('last'))
      .where('a.org_id', '=', orgId)
      .where('a.group_key', '=', groupKey)
      .where('n.status', '!=', 'muted')
      .executeTakeFirst();
    return row?.last ? new Date(row.last as Date | string) : null;
  }

  /** Active, unsnoozed, unarchived alerts whose policy repeats or escalates: the tick's candidates. */
  activeWithPolicy(now: Date, afterId: string | null, limit: number): Promise<AlertRow[]> {
    let query = this.db
      .selectFrom('alerts')
      .selectAll()
      .where('status', '=', 'active')
      .where('archived_at', 'is', null)
      .where((eb) => eb.or([eb('snoozed_until', 'is', null), eb('snoozed_until', '<=', now)]))
      .where((eb) =>
        eb.or([
          eb(sql`coalesce((policy->>'repeat_interval_s')::int, 0)`, '>', 0),
          eb(sql`jsonb_array_length(coalesce(policy->'escalation', '[]'::jsonb))`, '>', 0),
        ]),
      )
      .orderBy('id')
      .limit(limit);
    if (afterId) query = query.where('id', '>', afterId);
    return query.execute();
  }

  /**
   * Active alerts fired in the window that nobody was told of yet (no notification at all): the first
   * round a node that stopped right after raising never queued.
   */
  unnotified(from: Date, to: Date): Promise<AlertRow[]> {
    return this.db
      .selectFrom('alerts as a')
      .selectAll('a')
      .where('a.status', '=', 'active')
      .where('a.archived_at', 'is', null)
      .where('a.fired_at', '>', from)
      .where('a.fired_at', '<', to)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('alert_notifications as n').select('n.id').whereRef('n.alert_id', '=', 'a.id'),
          ),
        ),
      )
      .orderBy('a.fired_at')
      .limit(500)
      .execute();
  }

  /**
   * Notifications a crash left behind: stored but never attempted (the node stopped between storing a
   * round and queueing its deliveries), older than `before`.
   */
  stranded(before: Date) {
    return this.db
      .selectFrom('alert_notifications')
      .select(['id', 'medium'])
      .where('status', '=', 'queued')
      .where('attempts', '=', 0)
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(500)
      .execute();
  }

  /** Moves the alert's repeat round on, once across nodes: false when another run moved it first. */
  async advanceRound(id: string, from: number, to: number): Promise<boolean> {
    const result = await this.db
      .updateTable('alerts')
      .set({ repeat_round: to })
      .where('id', '=', id)
      .where('repeat_round', '=', from)
      .where('status', '=', 'active')
      // RETURNING rather than the affected-row count, which the PGlite dialect does not report.
      .returning('id')
      .executeTakeFirst();
    return result !== undefined;
  }

  /** Moves the alert's escalation step on, once across nodes. */
  async advanceStep(id: string, from: number, to: number): Promise<boolean> {
    const result = await this.db
      .updateTable('alerts')
      .set({ escalation_step: to })
      .where('id', '=', id)
      .where('escalation_step', '=', from)
      .where('status', '=', 'active')
      // RETURNING rather than the affected-row count, which the PGlite dialect does not report.
      .returning('id')
      .executeTakeFirst();
    return result !== undefined;
  }

  /** Keeps an SMS or WhatsApp message in the outbox when no messaging API is configured. */
  async keepInOutbox(orgId: string, transport: 'sms' | 'whatsapp', to: string, from: string, text: string) {
    await this.db
      .insertInto('outbox')
      .values({
        org_id: orgId,
        to_address: to,
        from_name: from,
        subject: '',
        text_body: text,
        html_body: null,
        transport,
      })
      .execute();
  }
}
