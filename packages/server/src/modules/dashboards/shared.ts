/** What the Dashboards module's parts share: prefix, errors, activity wording, live announcements. */
import {
  type DashboardChangedEvent,
  type DashboardShareEndedEvent,
  SOCKET_EVENTS,
  socketRoomName,
} from '@ferrite/contracts';
import type { Kysely } from 'kysely';
import { activityBaseOf } from '../../platform/audit/activity';
import type { Repository } from '../../platform/db/repository';
import type { Database } from '../../platform/db/schema';
import { problemResponses } from '../../platform/http/problemResponses';
import type { RealtimeHub } from '../../platform/realtime/realtimeHub';
import { ExportRepository } from './sharing/exportRepository';

// Shared with every module; re-exported so this module's files keep one import.
export { type Actor, actorOf } from '../../platform/http/actor';
export { pageWindow, searchPattern } from '../../platform/http/paging';
export { assertNoFieldErrors, HttpProblem, invalidFields, problems } from '../../platform/http/problem';

/** The connection routes and hooks hand to the module's repositories (and the widget read path). */
export type DB = Kysely<Database>;

/** The Dashboards prefix of spec §7: /dash_mgmt/orgs/{orgId}. */
export const DASH_PREFIX = '/dash_mgmt/orgs/:orgId';
/** The OpenAPI tag of the module. */
export const DASH_TAGS = ['dashboards'];

/** The error answers the Dashboards routes may give. */
export const errorResponses = problemResponses(400, 401, 403, 404, 409, 410, 422, 429);

export type DashboardEntityType =
  | 'dashboard'
  | 'dashboard_panel'
  | 'dashboard_subpanel'
  | 'widget_instance'
  | 'command_widget'
  | 'dashboard_export'
  | 'dashboard_share';

/** The fields every Dashboards activity entry about one thing shares. */
export const activityBase = activityBaseOf<DashboardEntityType>('dashboards');

/** The socket room of a shared link. */
export function shareRoom(uuid: string): string {
  return socketRoomName({ kind: 'sharedDashboard', uuid });
}

/**
 * Tells open views of a dashboard that something changed: members in the dashboard's room and holders
 * of its live links. Called after the write committed, with any of the module's repositories.
 */
export async function announceChange(
  on: Repository,
  realtime: RealtimeHub,
  orgId: string,
  event: DashboardChangedEvent,
): Promise<void> {
  realtime.emit(
    socketRoomName({ kind: 'dashboard', orgId, dashboardId: event.dashboard_id }),
    SOCKET_EVENTS.dashboardChanged,
    event,
  );
  const links = await on.sibling(ExportRepository).unrevokedIdsOf(orgId, event.dashboard_id);
  for (const uuid of links) realtime.emit(shareRoom(uuid), SOCKET_EVENTS.dashboardChanged, event);
}

/** Tells a link's viewers it ended; the socket server then disconnects them. */
export function announceShareEnded(realtime: RealtimeHub, event: DashboardShareEndedEvent): void {
  realtime.emit(shareRoom(event.uuid), SOCKET_EVENTS.dashboardShareEnded, event);
}
