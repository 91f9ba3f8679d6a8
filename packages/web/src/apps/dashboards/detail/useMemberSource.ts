/**
 * The dashboard view source of a member (canvas/viewContext.ts): widget data through the session's API
 * client (a panel's reads batched into POST …/panels/{panelId}/widget_data, each with its read query),
 * commands sent after the renderer's confirmation, one LiveStore per open dashboard and a refresh counter.
 */
import type { CommandWidget } from '@ferrite/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import {
  batchWidgetReads,
  type DashboardViewSource,
  LiveStore,
  type ReadAhead,
  ReadHealth,
  withReadAhead,
} from '../../../widgets';
import { useSendCommandWidgetMutation, widgetsApi } from '../api/widgetsApi';

export interface MemberSource extends DashboardViewSource {
  /** Makes every widget read again. */
  refresh: () => void;
  /** Starts the reads of a panel's widgets before its cards ask (canvas/widgetReadAhead.ts). */
  readAhead: ReadAhead['readAhead'];
  /** How the widgets' reads went, for the live badge. */
  health: ReadHealth;
}

/** The source of one open dashboard. */
export function useMemberSource(orgId: string, dashboardId: string): MemberSource {
  const dispatch = useAppDispatch();
  const [sendCommandWidget] = useSendCommandWidgetMutation();
  const [refreshKey, setRefreshKey] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new dashboard starts a new buffer.
  const live = useMemo(() => new LiveStore({ perFrame: true }), [dashboardId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new dashboard starts with no outcomes.
  const health = useMemo(() => new ReadHealth(), [dashboardId]);

  // One batcher per dashboard and organization: the reads its widgets make together go out together.
  const { readWidget, readAhead } = useMemo(
    () =>
      withReadAhead(
        health.track(
          batchWidgetReads((panelId, reads) =>
            dispatch(
              widgetsApi.endpoints.readPanelWidgets.initiate({ orgId, panelId, body: { reads } }),
            ).unwrap(),
          ),
        ),
      ),
    [dispatch, orgId, health],
  );

  const sendCommand = useCallback(
    async (widget: CommandWidget, value: unknown) => {
      const body =
        widget.kind === 'button'
          ? { confirmed: true }
          : { confirmed: true, value: typeof value === 'boolean' ? value : Number(value) };
      const answer = await sendCommandWidget({
        orgId,
        panelId: widget.panel_id,
        id: widget.id,
        body,
      }).unwrap();
      return answer.command;
    },
    [orgId, sendCommandWidget],
  );

  const refresh = useCallback(() => setRefreshKey((key) => key + 1), []);
  return useMemo(
    () => ({ readWidget, readAhead, live, refreshKey, sendCommand, orgId, refresh, health }),
    [readWidget, readAhead, live, refreshKey, sendCommand, orgId, refresh, health],
  );
}
