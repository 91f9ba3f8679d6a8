/**
 * The shared dashboard itself, read-only and live (spec §7 "Shared view"): the dashboard and its panels
 * with the link's bearer token, the open panel's widgets through the same canvas as the app, live values
 * on a socket connected with the same token (rooms `sharedDashboard` and the sensors it reads). A link
 * that ends (revoked, deleted) turns into the dead-link page at once; a new password or expiry asks the
 * password again. With a data window (a dashboard report's `?from_date&to_date`) every widget reads that
 * window and nothing live is merged in: the page is a snapshot of that stretch of time.
 */
import type {
  DashboardChangedEvent,
  DashboardShareEndedEvent,
  PanelDetail,
  ReportWindow,
  SharedDashboardResponse,
  WidgetDataQuery,
  WidgetInstance,
} from '@ferrite/contracts';
import { DASHBOARD_MESSAGES, windowedWidgetQuery } from '@ferrite/contracts';
import {
  Badge,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
  useComputedColorScheme,
} from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { BrandLogo } from '../../brand/BrandLogo';
import { ColorSchemeToggle } from '../../session/screens/ColorSchemeToggle';
import { useTimes } from '../../ui/time';
import {
  batchWidgetReads,
  CanvasLookContext,
  canvasClasses,
  canvasLook,
  DashboardViewContext,
  type DashboardViewSource,
  LiveBadge,
  LiveStore,
  PanelCanvas,
  SensorRooms,
  sensorsOf,
  useDashboardRoom,
  usePanelReadAhead,
  withReadAhead,
} from '../../widgets';
import { takeSharedDashboard, takeSharedPanel } from './prefetch';
import classes from './Shared.module.css';
import { fetchSharedDashboard, fetchSharedPanel, fetchSharedWidgets, shareOutcome } from './shareClient';

interface SharedStageProps {
  uuid: string;
  token: string;
  /** Every widget reads this window instead of its own (null: as configured, live). */
  dataWindow: ReportWindow | null;
  /** The link wants its password again (with why). */
  onPassword: (notice: string) => void;
  /** The link is gone (with why). */
  onDead: (reason: string) => void;
}

const NOT_LIVE_AFTER: Record<DashboardShareEndedEvent['reason'], string> = {
  revoked: DASHBOARD_MESSAGES.linkRevoked,
  deleted: 'The dashboard was deleted.',
  password_changed: 'The link has a new password. Enter it to continue.',
  expiry_changed: 'The link’s expiry changed. Enter the password again to continue.',
};

/** The window a snapshot shows, in the header (and so on the report's page). */
function WindowBadge({ window }: { window: ReportWindow }) {
  const times = useTimes();
  const text = window.from_date
    ? `${times.dateTime(window.from_date)} – ${times.dateTime(window.to_date)}`
    : `Until ${times.dateTime(window.to_date)}`;
  return (
    <Badge variant="light" color="blue" data-testid="data-window">
      {text}
    </Badge>
  );
}

/** The stage. */
export function SharedStage({ uuid, token, dataWindow, onPassword, onDead }: SharedStageProps) {
  const times = useTimes();
  const scheme = useComputedColorScheme('light');
  const [dashboard, setDashboard] = useState<SharedDashboardResponse | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const [panel, setPanel] = useState<PanelDetail | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [panelKey, setPanelKey] = useState(0);
  const live = useMemo(() => new LiveStore({ perFrame: true }), []);

  // A failed read decides what the page becomes.
  const fail = useCallback(
    (error: unknown) => {
      const outcome = shareOutcome(error);
      const detail = error instanceof Error ? error.message : '';
      if (outcome === 'password') onPassword('Your viewing session ended. Enter the password again.');
      else if (outcome === 'dead') onDead(detail || 'This link no longer works.');
    },
    [onPassword, onDead],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey asks for a new read.
  useEffect(() => {
    let cancelled = false;
    // The route may have started this read while the view's code loaded (prefetch.ts).
    const read = takeSharedDashboard(uuid, token) ?? fetchSharedDashboard(uuid, token);
    read.then((answer) => !cancelled && setDashboard(answer), fail);
    return () => {
      cancelled = true;
    };
  }, [uuid, token, fail, refreshKey]);

  const panels = dashboard?.panels ?? [];
  const current = panels.find((p) => p.id === active) ?? panels[0] ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: panelKey asks for a new read.
  useEffect(() => {
    if (!current) return;
    let cancelled = false;
    const read = takeSharedPanel(uuid, token, current.id) ?? fetchSharedPanel(uuid, current.id, token);
    read.then((answer) => !cancelled && setPanel(answer), fail);
    return () => {
      cancelled = true;
    };
  }, [uuid, token, current?.id, fail, panelKey, refreshKey]);

  // The panel's reads go out batched (canvas/widgetReadBatcher.ts), each already moved onto the report's
  // window. A request refused as a whole (password, dead link) ends the view; one widget's own problem
  // only shows on its card.
  const { readWidget, readAhead } = useMemo(() => {
    const batched = batchWidgetReads((panelId, reads) => fetchSharedWidgets(uuid, panelId, reads, token));
    return withReadAhead((instance: WidgetInstance, query: WidgetDataQuery) =>
      batched(instance, dataWindow ? windowedWidgetQuery(query, dataWindow) : query).catch(
        (error: unknown) => {
          fail(error);
          throw error;
        },
      ),
    );
  }, [uuid, token, fail, dataWindow]);
  const canvasPanel = usePanelReadAhead(panel, readAhead);
  const source: DashboardViewSource = useMemo(
    () => ({ readWidget, live, refreshKey, orgId: dashboard?.org_id ?? '' }),
    [readWidget, live, refreshKey, dashboard?.org_id],
  );
  const refresh = useCallback(() => setRefreshKey((k) => k + 1), []);
  const options = useMemo(() => ({ token }), [token]);

  const onChanged = useCallback(
    (event: DashboardChangedEvent) => {
      if (event.entity === 'dashboard' || event.entity === 'panel') refresh();
      else setPanelKey((k) => k + 1);
    },
    [refresh],
  );
  const onShareEnded = useCallback(
    (event: DashboardShareEndedEvent) => {
      if (event.uuid !== uuid) return;
      if (event.reason === 'revoked' || event.reason === 'deleted') onDead(NOT_LIVE_AFTER[event.reason]);
      else onPassword(NOT_LIVE_AFTER[event.reason]);
    },
    [uuid, onDead, onPassword],
  );
  const liveStatus = useDashboardRoom({
    room: { kind: 'sharedDashboard', uuid },
    options,
    onChanged,
    onShareEnded,
    onResume: refresh,
  });

  const look = useMemo(
    () => canvasLook(dashboard?.dashboard.theme ?? 'default', scheme),
    [dashboard?.dashboard.theme, scheme],
  );
  const lookContext = useMemo(() => ({ widgetTheme: look.widgetTheme, editing: false }), [look.widgetTheme]);
  const sensors = useMemo(() => sensorsOf(panel?.widget_instances.map((w) => w.bindings) ?? []), [panel]);

  return (
    <div className={classes.stage} data-shared-dashboard={dashboard?.dashboard.name}>
      <header className={classes.bar}>
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
            <BrandLogo height={28} />
            <div style={{ minWidth: 0 }}>
              {dashboard ? (
                <>
                  <Title order={1} fz={20} lineClamp={1}>
                    {dashboard.dashboard.name}
                  </Title>
                  {dashboard.dashboard.description ? (
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {dashboard.dashboard.description}
                    </Text>
                  ) : null}
                </>
              ) : (
                <Skeleton height={22} width={240} radius="sm" />
              )}
            </div>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {dataWindow ? <WindowBadge window={dataWindow} /> : <LiveBadge status={liveStatus} />}
            <Tooltip label="Shared with you by link: you can watch but not change it" withinPortal>
              <Badge variant="light" color="gray" leftSection={<IconEye size={12} />}>
                Read-only
              </Badge>
            </Tooltip>
            {dashboard?.expires_at ? (
              <Badge variant="light" color="orange">
                Until {times.dateTime(dashboard.expires_at)}
              </Badge>
            ) : null}
            <ColorSchemeToggle />
          </Group>
        </Group>
        {panels.length > 1 ? (
          <Tabs value={current?.id ?? null} onChange={(value) => value && setActive(value)} mt="xs">
            <Tabs.List aria-label="Panels">
              {panels.map((p) => (
                <Tabs.Tab key={p.id} value={p.id}>
                  {p.name}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        ) : null}
      </header>
      <main className={classes.body} style={look.style}>
        <DashboardViewContext.Provider value={source}>
          <CanvasLookContext.Provider value={lookContext}>
            {dashboard?.org_id && !dataWindow ? (
              <SensorRooms
                orgId={dashboard.org_id}
                sensorIds={sensors}
                live={live}
                options={options}
                onResume={refresh}
              />
            ) : null}
            <div
              className={canvasClasses.canvas}
              style={look.style}
              data-mantine-color-scheme={look.widgetTheme}
            >
              {canvasPanel && dashboard ? (
                <PanelCanvas
                  key={canvasPanel.id}
                  panel={canvasPanel}
                  settings={dashboard.dashboard.layout}
                  empty={
                    <Stack align="center" p={64} data-testid="panel-empty">
                      <Text c="dimmed">This panel is empty.</Text>
                    </Stack>
                  }
                />
              ) : dashboard && panels.length === 0 ? (
                <Stack align="center" p={64}>
                  <Text c="dimmed">This dashboard has no panels yet.</Text>
                </Stack>
              ) : (
                <Group grow align="stretch" gap={10} p={10} aria-busy="true">
                  <Skeleton height={280} radius="md" />
                  <Skeleton height={280} radius="md" />
                  <Skeleton height={280} radius="md" />
                </Group>
              )}
            </div>
          </CanvasLookContext.Provider>
        </DashboardViewContext.Provider>
      </main>
    </div>
  );
}
