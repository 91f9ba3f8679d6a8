/**
 * Gateway statuses as the socket announces them (contracts SOCKET_EVENTS.gatewayStatus): newer than
 * the last fetch, so views lay them over what the list or detail answered.
 */
import { type GatewayStatusEvent, SOCKET_EVENTS } from '@ferrite/contracts';
import { useCallback, useState } from 'react';
import { type RoomStatus, useSocketRoom } from '../../../app/socket';
import { useOrgId } from '../hooks';

type Live = Record<string, GatewayStatusEvent>;

export interface LiveStatuses {
  /** A gateway (or topology node) with its live status and last-seen laid over. */
  apply: <T extends { id: string; status: GatewayStatusEvent['status']; last_seen_at: string | null }>(
    gateway: T,
  ) => T;
  room: RoomStatus;
}

/** Status events of a project's gateways, while the view is open. */
export function useLiveStatuses(projectId: string | null): LiveStatuses {
  const orgId = useOrgId();
  const [live, setLive] = useState<Live>({});
  const room = useSocketRoom(orgId && projectId ? { kind: 'projectGateways', orgId, projectId } : null, {
    [SOCKET_EVENTS.gatewayStatus]: (event) =>
      setLive((current) => ({ ...current, [event.gateway_id]: event })),
  });
  const apply = useCallback(
    <T extends { id: string; status: GatewayStatusEvent['status']; last_seen_at: string | null }>(
      gateway: T,
    ) => {
      const event = live[gateway.id];
      if (!event) return gateway;
      // A fetch newer than the event wins: compare last-seen times when both have one.
      if (gateway.last_seen_at && event.last_seen_at && gateway.last_seen_at > event.last_seen_at)
        return gateway;
      return { ...gateway, status: event.status, last_seen_at: event.last_seen_at };
    },
    [live],
  );
  return { apply, room };
}
