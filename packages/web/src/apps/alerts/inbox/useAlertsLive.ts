/**
 * Live alerts: while a view is shown it joins the organization's `orgAlerts` room; each `alert.changed`
 * writes the alert into its detail's cache at once and, once a burst settles, makes the lists and the
 * summary read again (a new alert may belong on another page, so the list is not patched by hand).
 * When the room comes back after a break, everything reads again.
 */
import { ALERT_SOCKET_EVENTS, type Alert } from '@ferrite/contracts';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useResumeOnReconnect } from '../../../app/sensorRoom';
import { type RoomStatus, useSocketRoom } from '../../../app/socket';
import { alertsEndpoints } from '../api/alertsApi';
import { useOrgId } from '../hooks';

/** Bursts of changes (a rule firing for many sensors) cost one refetch. */
export const LIVE_SETTLE_MS = 400;

/** Joins the room while mounted; answers its status. */
export function useAlertsLive(onChanged?: (alert: Alert) => void): RoomStatus {
  const orgId = useOrgId();
  const dispatch = useAppDispatch();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const refetchSoon = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      dispatch(alertsEndpoints.util.invalidateTags(['Alerts', 'AlertRules']));
    }, LIVE_SETTLE_MS);
  };
  const status = useSocketRoom(orgId ? { kind: 'orgAlerts', orgId } : null, {
    [ALERT_SOCKET_EVENTS.changed]: (alert: Alert) => {
      // Only a detail already read is patched: every change need not start a cache entry.
      dispatch(alertsEndpoints.util.updateQueryData('getAlert', { orgId, alertId: alert.id }, () => alert));
      dispatch(alertsEndpoints.util.invalidateTags([{ type: 'Alert', id: `${alert.id}:timeline` }]));
      changed.current?.(alert);
      refetchSoon();
    },
  });
  useResumeOnReconnect(status, refetchSoon);
  return status;
}
