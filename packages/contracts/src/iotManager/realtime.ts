/**
 * socket.io at `/api/socket` (spec §7 "a real-time socket at the API root under /socket").
 * Connect with `auth: { token: <access token> }`; join rooms with `subscribe` and an ack callback.
 */
import { z } from 'zod';
import { GATEWAY_STATUSES } from './gateways';

export const SOCKET_PATH = '/api/socket';

/** Rooms a client may join; the server checks the caller's organization and permissions. */
export const socketRoomSchema = z.union([
  z.object({ kind: z.literal('gatewayLogs'), orgId: z.string().uuid(), gatewayId: z.string().uuid() }),
  z.object({ kind: z.literal('projectGateways'), orgId: z.string().uuid(), projectId: z.string().uuid() }),
  z.object({ kind: z.literal('sensor'), orgId: z.string().uuid(), sensorId: z.string().uuid() }),
  /** A dashboard's changes, for members with the Dashboards app. */
  z.object({ kind: z.literal('dashboard'), orgId: z.string().uuid(), dashboardId: z.string().uuid() }),
  /**
   * A shared link's changes and its end, for a socket connected with that link's share token; such a
   * socket may also join the `sensor` rooms of the sensors its dashboard's widgets read, and nothing else.
   */
  z.object({ kind: z.literal('sharedDashboard'), uuid: z.string().uuid() }),
  /** The organization's alerts as they fire and change, for members with the Alerts app (contracts alerts). */
  z.object({ kind: z.literal('orgAlerts'), orgId: z.string().uuid() }),
  /** One logic chain's live trace (counts and debugged messages), for members with Stream Logic (contracts streamLogic). */
  z.object({ kind: z.literal('pipelineTrace'), orgId: z.string().uuid(), pipelineId: z.string().uuid() }),
]);
export type SocketRoom = z.infer<typeof socketRoomSchema>;

/** The room name a subscription maps to (server and tests agree on it). */
export function socketRoomName(room: SocketRoom): string {
  switch (room.kind) {
    case 'gatewayLogs':
      return `org:${room.orgId}:gateway:${room.gatewayId}:logs`;
    case 'projectGateways':
      return `org:${room.orgId}:project:${room.projectId}:gateways`;
    case 'sensor':
      return `org:${room.orgId}:sensor:${room.sensorId}`;
    case 'dashboard':
      return `org:${room.orgId}:dashboard:${room.dashboardId}`;
    case 'sharedDashboard':
      return `share:${room.uuid}`;
    case 'orgAlerts':
      return `org:${room.orgId}:alerts`;
    case 'pipelineTrace':
      return `org:${room.orgId}:pipeline:${room.pipelineId}:trace`;
  }
}

export const SOCKET_EVENTS = {
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  /** A new gateway log line (GatewayLog), to gatewayLogs rooms. */
  gatewayLog: 'gateway.log',
  /** Logs were deleted, to gatewayLogs rooms. */
  gatewayLogsCleared: 'gateway.logs_cleared',
  /** GatewayStatusEvent, to gatewayLogs and projectGateways rooms. */
  gatewayStatus: 'gateway.status',
  /** A command changed (Command), to gatewayLogs rooms. */
  gatewayCommand: 'gateway.command',
  /** A firmware rollout changed (Rollout), to gatewayLogs rooms. */
  gatewayRollout: 'gateway.rollout',
  /** New values of a sensor (SensorValuesEvent), to sensor rooms. */
  sensorValues: 'sensor.values',
  /** Something on a dashboard changed (DashboardChangedEvent), to dashboard and sharedDashboard rooms. */
  dashboardChanged: 'dashboard.changed',
  /** A shared link stopped working (DashboardShareEndedEvent), to its sharedDashboard room. */
  dashboardShareEnded: 'dashboard.share_ended',
  /** The member's session ended (SessionEndedEvent); the server disconnects the socket next, for good. */
  sessionEnded: 'session.ended',
} as const;

/**
 * Why a member's socket is closed before its token expires: signed out, revoked (an old refresh token
 * used again), a new password, the membership archived or removed, the organization archived.
 */
export const SESSION_END_REASONS = [
  'signed_out',
  'revoked',
  'password_reset',
  'membership_ended',
  'organization_archived',
] as const;
export const sessionEndedEventSchema = z.object({ reason: z.enum(SESSION_END_REASONS) });
export type SessionEndedEvent = z.infer<typeof sessionEndedEventSchema>;

export const gatewayStatusEventSchema = z.object({
  gateway_id: z.string().uuid(),
  status: z.enum(GATEWAY_STATUSES),
  last_seen_at: z.string().nullable(),
});
export type GatewayStatusEvent = z.infer<typeof gatewayStatusEventSchema>;

export const sensorValuesEventSchema = z.object({
  sensor_id: z.string().uuid(),
  values: z.array(z.object({ param_key: z.string(), ts: z.string(), value: z.number() })),
});
export type SensorValuesEvent = z.infer<typeof sensorValuesEventSchema>;

/** The ack of a subscribe call. */
export type SubscribeAck = { ok: true } | { ok: false; error: string };
