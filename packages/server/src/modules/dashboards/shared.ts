/** What the Dashboards module's parts share: prefix, errors, activity wording, live announcements. */
import {
  type DashboardChangedEvent,
  type DashboardShareEndedEvent,
  type FieldError,
  problemSchema,
  SOCKET_EVENTS,
  socketRoomName,
} from '@ferrite/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Actor } from '../../platform/http/actor';
import { HttpProblem } from '../../platform/http/problem';
import type { RealtimeHub } from '../../platform/realtime/realtimeHub';

// Shared with every module; re-exported so this module's files keep one import.
export { type Actor, actorOf } from '../../platform/http/actor';
export { pageWindow, searchPattern } from '../../platform/http/paging';
export { assertNoFieldErrors, HttpProblem, invalidFields, problems } from '../../platform/http/problem';
export { iso, isoOrNull } from '../roleManager/shared';

export type DB = Kysely<Database>;

/** The Dashboards prefix of spec §7: /dash_mgmt/orgs/{orgId}. */
export const DASH_PREFIX = '/dash_mgmt/orgs/:orgId';
/** The OpenAPI tag of the module. */
export const DASH_TAGS = ['dashboards'];

/** The error answers the Dashboards routes may give. */
export const errorResponses = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
  410: problemSchema,
  422: problemSchema,
  429: problemSchema,
};

/** A 422: the body is well formed but names something unusable (another dashboard's panel, an unknown sensor). */
export function unprocessable(errors: FieldError[]): HttpProblem {
  return new HttpProblem(
    422,
    'Invalid request',
    errors.map((e) => `${e.path}: ${e.message}`).join('; '),
    errors,
  );
}

/** Throws a 422 when any field names something unusable. */
export function assertUsable(errors: FieldError[]): void {
  if (errors.length > 0) throw unprocessable(errors);
}

export type DashboardEntityType =
  | 'dashboard'
  | 'dashboard_panel'
  | 'dashboard_subpanel'
  | 'widget_instance'
  | 'command_widget'
  | 'dashboard_export'
  | 'dashboard_share';

/** The fields every Dashboards activity entry about one thing shares. */
export function activityBase(actor: Actor, entityType: DashboardEntityType, entityId: string | null) {
  return { orgId: actor.orgId, actorId: actor.userId, app: 'dashboards' as const, entityType, entityId };
}

/** Runs the work in one transaction. */
export function inTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/** The socket room of a shared link. */
export function shareRoom(uuid: string): string {
  return socketRoomName({ kind: 'sharedDashboard', uuid });
}

/**
 * Tells open views of a dashboard that something changed: members in the dashboard's room and holders
 * of its live links. Called after the write committed.
 */
export async function announceChange(
  db: DB,
  realtime: RealtimeHub,
  orgId: string,
  event: DashboardChangedEvent,
): Promise<void> {
  realtime.emit(
    socketRoomName({ kind: 'dashboard', orgId, dashboardId: event.dashboard_id }),
    SOCKET_EVENTS.dashboardChanged,
    event,
  );
  const links = await db
    .selectFrom('dashboard_exports')
    .select('id')
    .where('org_id', '=', orgId)
    .where('dashboard_id', '=', event.dashboard_id)
    .where('revoked_at', 'is', null)
    .execute();
  for (const link of links) realtime.emit(shareRoom(link.id), SOCKET_EVENTS.dashboardChanged, event);
}

/** Tells a link's viewers it ended; the socket server then disconnects them. */
export function announceShareEnded(realtime: RealtimeHub, event: DashboardShareEndedEvent): void {
  realtime.emit(shareRoom(event.uuid), SOCKET_EVENTS.dashboardShareEnded, event);
}
