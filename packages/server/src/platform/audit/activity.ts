/**
 * The organization's activity log. Every write records one entry in the same transaction as the
 * write itself, so the log can neither miss a change nor record one that was rolled back.
 */
import type { AppKey } from '@ferrite/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Actor } from '../http/actor';

export interface ActivityEntryInput {
  orgId: string;
  actorId: string | null;
  app: AppKey;
  /** A verb in the past tense: created, updated, archived, unarchived, deleted, invited, approved… */
  action: string;
  entityType: string;
  entityId: string | null;
  /** One line a person reads in the Activity list, e.g. 'Archived project "Line 3"'. */
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** Records one activity entry with the given connection or transaction. */
export async function recordActivity(
  db: Kysely<Database> | Transaction<Database>,
  entry: ActivityEntryInput,
): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      org_id: entry.orgId,
      actor_id: entry.actorId,
      app: entry.app,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      summary: entry.summary,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/**
 * The fields an app's activity entries about one thing share, typed by the kinds of thing it logs:
 * `const activityBase = activityBaseOf<'gateway' | 'firmware'>('iotManager')`, then
 * `{ ...activityBase(actor, 'gateway', id), action, summary }`.
 */
export function activityBaseOf<EntityType extends string>(app: AppKey) {
  return (actor: Actor, entityType: EntityType, entityId: string | null) => ({
    orgId: actor.orgId,
    actorId: actor.userId,
    app,
    entityType,
    entityId,
  });
}
