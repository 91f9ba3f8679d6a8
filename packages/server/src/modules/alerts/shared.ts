/** What the Alerts module's parts share: the API prefix, error answers, activity wording, live events. */
import { ALERT_SOCKET_EVENTS, type Alert, socketRoomName } from '@ferrite/contracts';
import { activityBaseOf } from '../../platform/audit/activity';
import { problemResponses } from '../../platform/http/problemResponses';
import type { RealtimeHub } from '../../platform/realtime/realtimeHub';

export { type Actor, actorOf } from '../../platform/http/actor';
export { HttpProblem, problems } from '../../platform/http/problem';

/** The Alerts API prefix (spec §7: /alert/orgs/{orgId}). */
export const ALERT_PREFIX = '/alert/orgs/:orgId';
export const ALERT_TAGS = ['alerts'];

/** The error answers every Alerts route may give. */
export const errorResponses = problemResponses(400, 401, 403, 404, 409, 422);

/** The cluster bus channel on which rule changes are announced ({ orgId }): evaluators forget their rule cache. */
export const RULES_CHANGED_CHANNEL = 'ferrite_alert_rules_changed' as const;

export type AlertEntityType = 'alert_rule' | 'alert' | 'alert_silence';

/** The fields every Alerts activity entry about one thing shares. */
export const activityBase = activityBaseOf<AlertEntityType>('alerts');

/** The organization's alerts room (members with the Alerts app). */
export function orgAlertsRoom(orgId: string): string {
  return socketRoomName({ kind: 'orgAlerts', orgId });
}

/** Announces a raised or changed alert to its organization's room. */
export function announceAlert(realtime: RealtimeHub, orgId: string, alert: Alert): void {
  realtime.emit(orgAlertsRoom(orgId), ALERT_SOCKET_EVENTS.changed, alert);
}
