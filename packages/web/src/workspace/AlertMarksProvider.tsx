/** Gives the dashboards' charts (widgets AlertMarksContext) the session's alert marks, for members with the Alerts app. */
import { type ReactNode, useMemo } from 'react';
import { useAppDispatch } from '../app/hooks';
import { AlertMarksContext, type AlertMarksSource } from '../widgets/alerts/AlertMarksContext';
import { bellApi } from './alertBellApi';

/** Provides marks when `enabled`; otherwise the charts draw none. */
export function AlertMarksProvider({
  orgId,
  enabled,
  children,
}: {
  orgId: string;
  enabled: boolean;
  children: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const source = useMemo<AlertMarksSource | null>(
    () =>
      enabled
        ? {
            read: (sensorIds, from, to) =>
              dispatch(
                bellApi.endpoints.chartAlertMarks.initiate(
                  { orgId, sensorIds, from, to },
                  { subscribe: false, forceRefetch: true },
                ),
              )
                .unwrap()
                .then((answer) => answer.marks),
          }
        : null,
    [dispatch, orgId, enabled],
  );
  return <AlertMarksContext.Provider value={source}>{children}</AlertMarksContext.Provider>;
}
