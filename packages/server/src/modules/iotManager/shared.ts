/** What the IoT Manager's gateways, mappings, logs, commands and firmware share: prefix, errors, wording. */
import { SOCKET_EVENTS, socketRoomName } from '@ferrite/contracts';
import { activityBaseOf } from '../../platform/audit/activity';
import { problemResponses } from '../../platform/http/problemResponses';
import type { RealtimeHub } from '../../platform/realtime/realtimeHub';

// Shared with every module; re-exported so this module's files keep one import.
export { type Actor, actorOf } from '../../platform/http/actor';
export { pageWindow, searchPattern } from '../../platform/http/paging';
export { HttpProblem, problems } from '../../platform/http/problem';

/** The IoT Manager's API prefix (spec §7 style: /<app>_mgmt/orgs/{orgId}). */
export const IOT_MGMT_PREFIX = '/iot_mgmt/orgs/:orgId';
export const IOT_TAGS = ['iotManager'];

/** The error answers every IoT Manager route may give. */
export const errorResponses = problemResponses(400, 401, 403, 404, 409, 422);

export type IotEntityType = 'gateway' | 'gateway_mapping' | 'gateway_command' | 'gateway_logs' | 'firmware';

/** The fields every IoT Manager activity entry about one thing shares. */
export const activityBase = activityBaseOf<IotEntityType>('iotManager');

/** The socket room of one gateway's detail screen (logs, commands, rollouts). */
export function gatewayRoom(orgId: string, gatewayId: string): string {
  return socketRoomName({ kind: 'gatewayLogs', orgId, gatewayId });
}

/** Announces a changed command to the gateway's room. */
export function announceCommand(realtime: RealtimeHub, orgId: string, command: { gateway_id: string }): void {
  realtime.emit(gatewayRoom(orgId, command.gateway_id), SOCKET_EVENTS.gatewayCommand, command);
}

/** Announces a changed rollout to the gateway's room. */
export function announceRollout(realtime: RealtimeHub, orgId: string, rollout: { gateway_id: string }): void {
  realtime.emit(gatewayRoom(orgId, rollout.gateway_id), SOCKET_EVENTS.gatewayRollout, rollout);
}

/** Online when heard from within the heartbeat timeout (spec §3 gateway status). */
export function gatewayStatus(
  lastSeenAt: Date | string | null,
  heartbeatTimeoutS: number,
  now: number = Date.now(),
): 'online' | 'offline' {
  if (!lastSeenAt) return 'offline';
  return new Date(lastSeenAt).getTime() > now - heartbeatTimeoutS * 1000 ? 'online' : 'offline';
}
