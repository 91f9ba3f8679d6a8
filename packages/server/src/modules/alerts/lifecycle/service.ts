/**
 * What people do with alerts: list, read, step through the lifecycle, comment, assign, snooze, archive,
 * delete. Every change writes a timeline event with its actor in the same transaction, then announces
 * the alert live and calls the lifecycle listeners after commit.
 */
import type { Alert, AlertStatus, AlertUpdateBody, alertListQuerySchema } from '@ferrite/contracts';
import type { z } from 'zod';
import { hasSqlState, UNIQUE_VIOLATION } from '../../../platform/db/sqlState';
import type { AppDeps } from '../../../platform/http/deps';
import { pageWindow, searchPattern } from '../../../platform/http/paging';
import { type Actor, activityBase, problems } from '../shared';
import { afterAlertChange } from './announce';
import { presentAlert, presentEvent, presentNotification } from './presenter';
import type { AlertRow } from './raise';
import type { AlertRepository } from './repository';
import { type AlertStep, refusal, stepColumns, stepEvent, stepTo } from './transitions';

type ListQuery = z.output<typeof alertListQuerySchema>;
type Change = { row: AlertRow; kind: 'cleared' | 'changed' };

const NOT_FOUND = 'Alert';

/** The alerts use cases; routes hand it the caller. */
export class AlertService {
  constructor(
    private readonly repo: AlertRepository,
    private readonly deps: AppDeps,
  ) {}

  /** One page of a tab with its filters, newest first, and both tabs' counts. */
  async list(orgId: string, userId: string, query: ListQuery) {
    const page = await this.repo.listPage(
      orgId,
      {
        archived: query.is_archived,
        statuses: query.status,
        severities: query.severity,
        app: query.app,
        ruleId: query.rule_id,
        entityId: query.entity_id,
        mineOf: query.mine ? userId : undefined,
        pattern: searchPattern(query.search),
        from: query.from,
        to: query.to,
      },
      pageWindow(query),
    );
    return {
      alerts: page.rows.map(presentAlert),
      total_entries: page.total,
      counts: { active: page.active, archived: page.archived },
    };
  }

  /** One alert of the organization (404 otherwise). */
  async get(orgId: string, id: string): Promise<Alert> {
    const row = await this.repo.findPresentable(orgId, id);
    if (!row) throw problems.notFound(NOT_FOUND);
    return presentAlert(row);
  }

  /** Takes one lifecycle step (409 when the status does not allow it). */
  async step(actor: Actor, id: string, step: AlertStep): Promise<Alert> {
    const change = await this.repo.transaction(async (trx) => {
      const row = await this.locked(trx, actor.orgId, id);
      return this.applyStep(trx, actor, row, step);
    });
    await this.after([change]);
    return this.get(actor.orgId, id);
  }

  /** PUT: status, assignee, snooze and archive flag, all in one transaction. */
  async update(actor: Actor, id: string, body: AlertUpdateBody): Promise<Alert> {
    const changes = await this.repo.transaction(async (trx) => {
      let row = await this.locked(trx, actor.orgId, id);
      const done: Change[] = [];
      const now = new Date();
      if (body.status !== undefined && body.status !== row.status) {
        const change = await this.applyStep(trx, actor, row, stepTo(body.status));
        row = change.row;
        done.push(change);
      }
      if (body.assignee_id !== undefined && body.assignee_id !== row.assignee_id) {
        const assignee = body.assignee_id;
        if (assignee !== null && !(await trx.isActiveMember(actor.orgId, assignee)))
          throw problems.badRequest('assignee_id: Not an active member of this organization', [
            { path: 'body.assignee_id', message: 'Not an active member of this organization' },
          ]);
        row = await trx.update(actor.orgId, id, { assignee_id: assignee });
        await trx.addEvent(actor.orgId, id, 'assigned', actor.userId, assignee ? '' : 'Unassigned', now);
        done.push({ row, kind: 'changed' });
      }
      if (body.snoozed_until !== undefined) {
        const until = body.snoozed_until === null ? null : new Date(body.snoozed_until);
        row = await trx.update(actor.orgId, id, { snoozed_until: until });
        await trx.addEvent(
          actor.orgId,
          id,
          'snoozed',
          actor.userId,
          until ? `Snoozed until ${until.toISOString()}` : 'Woken',
          now,
        );
        done.push({ row, kind: 'changed' });
      }
      if (body.archived !== undefined && body.archived !== (row.archived_at !== null)) {
        row = await trx.update(actor.orgId, id, { archived_at: body.archived ? now : null });
        await trx.addEvent(actor.orgId, id, body.archived ? 'archived' : 'unarchived', actor.userId, '', now);
        done.push({ row, kind: 'changed' });
      }
      return done;
    });
    await this.after(changes);
    return this.get(actor.orgId, id);
  }

  /** Adds a comment to the timeline and bumps the alert's comment count. */
  async comment(actor: Actor, id: string, text: string): Promise<Alert> {
    const row = await this.repo.transaction(async (trx) => {
      await this.locked(trx, actor.orgId, id);
      await trx.addEvent(actor.orgId, id, 'comment', actor.userId, text);
      await trx.bumpComments(actor.orgId, id);
      return trx.findForUpdate(actor.orgId, id);
    });
    if (row) await this.after([{ row, kind: 'changed' }]);
    return this.get(actor.orgId, id);
  }

  /** Acknowledges every active alert among the ids (others are left as they are); answers how many changed. */
  async acknowledgeMany(actor: Actor, ids: string[]): Promise<{ changed: number }> {
    const changes = await this.repo.transaction(async (trx) => {
      const rows = await trx.activeAmong(actor.orgId, [...new Set(ids)]);
      const done: Change[] = [];
      for (const row of rows) done.push(await this.applyStep(trx, actor, row, 'acknowledge'));
      return done;
    });
    await this.after(changes);
    return { changed: changes.length };
  }

  /** Deletes an alert with its timeline and notifications. */
  async delete(actor: Actor, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.locked(trx, actor.orgId, id);
      await trx.delete(actor.orgId, id);
      await trx.recordActivity({
        ...activityBase(actor, 'alert', id),
        action: 'deleted',
        summary: `Deleted alert "${row.description.slice(0, 120)}"`,
        before: { status: row.status, severity: row.severity, description: row.description },
      });
    });
  }

  /** The alert's events and notifications, oldest first. */
  async timeline(orgId: string, id: string) {
    const row = await this.repo.findPresentable(orgId, id);
    if (!row) throw problems.notFound(NOT_FOUND);
    const [events, notifications] = await Promise.all([
      this.repo.events(orgId, id),
      this.repo.notifications(orgId, id),
    ]);
    return { events: events.map(presentEvent), notifications: notifications.map(presentNotification) };
  }

  private async locked(trx: AlertRepository, orgId: string, id: string): Promise<AlertRow> {
    const row = await trx.findForUpdate(orgId, id);
    if (!row) throw problems.notFound(NOT_FOUND);
    return row;
  }

  private async applyStep(
    trx: AlertRepository,
    actor: Actor,
    row: AlertRow,
    step: AlertStep,
  ): Promise<Change> {
    const why = refusal(step, row.status as AlertStatus);
    if (why) throw problems.conflict(why);
    const now = new Date();
    if (step === 'reopen' && (await trx.findOpen(actor.orgId, row.dedupe_key)))
      throw problems.conflict('Another alert for the same thing is open; this one cannot be reopened');
    let changed: AlertRow;
    try {
      changed = await trx.update(actor.orgId, row.id, stepColumns(step, actor.userId, now));
    } catch (error) {
      // A raise of the same key won the race between the check and the update.
      if (hasSqlState(error, UNIQUE_VIOLATION))
        throw problems.conflict('Another alert for the same thing is open; this one cannot be reopened');
      throw error;
    }
    await trx.addEvent(actor.orgId, row.id, stepEvent(step), actor.userId, '', now);
    return { row: changed, kind: step === 'clear' ? 'cleared' : 'changed' };
  }

  private async after(changes: Change[]): Promise<void> {
    // One announcement per alert, with its final state; listeners hear each kind once.
    const last = new Map<string, Change>();
    for (const change of changes) {
      const seen = last.get(change.row.id);
      last.set(change.row.id, {
        row: change.row,
        kind: seen?.kind === 'cleared' || change.kind === 'cleared' ? 'cleared' : 'changed',
      });
    }
    for (const change of last.values()) await afterAlertChange(this.deps, change.row, change.kind);
  }
}
