/**
 * A gateway's rollouts, kept current: socket events (SOCKET_EVENTS.gatewayRollout) are written into the
 * cache as they come; without a live socket the list is polled every 5 s while one is still moving.
 */
import { type Rollout, SOCKET_EVENTS } from '@ferrite/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useSocketRoom } from '../../../app/socket';
import { firmwareApi, useListGatewayRolloutsQuery } from '../api/firmwareApi';
import { useErrorToast, useOrgId } from '../hooks';
import { ACTIVE_ROLLOUT } from './RolloutList';

const POLL_MS = 5_000;

/** The gateway's rollouts (newest first as the server gives them), or undefined while loading. */
export function useGatewayRollouts(gatewayId: string): Rollout[] | undefined {
  const orgId = useOrgId();
  const dispatch = useAppDispatch();
  const args = useMemo(() => ({ orgId, gatewayId }), [orgId, gatewayId]);
  const onRollout = useCallback(
    (rollout: Rollout) => {
      if (rollout.gateway_id !== gatewayId) return;
      dispatch(
        firmwareApi.util.updateQueryData('listGatewayRollouts', args, (draft) => {
          const at = draft.findIndex((r) => r.id === rollout.id);
          if (at >= 0) draft[at] = rollout;
          else draft.unshift(rollout);
        }),
      );
    },
    [dispatch, args, gatewayId],
  );
  const room = useSocketRoom(orgId ? { kind: 'gatewayLogs', orgId, gatewayId } : null, {
    [SOCKET_EVENTS.gatewayRollout]: onRollout,
  });
  const [moving, setMoving] = useState(false);
  const query = useListGatewayRolloutsQuery(args, {
    skip: !orgId,
    pollingInterval: moving && room !== 'live' ? POLL_MS : 0,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });
  useErrorToast(query.error);
  const anyMoving = (query.data ?? []).some((r) => ACTIVE_ROLLOUT.includes(r.status));
  useEffect(() => setMoving(anyMoving), [anyMoving]);
  return query.data;
}
