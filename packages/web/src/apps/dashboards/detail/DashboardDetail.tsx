/**
 * The dashboard detail page (spec §2 "Detail shows a dashboard detail page"): header with the trail,
 * name, live state and actions; panels as tabs; the open panel's canvas. View mode shows it; Edit mode
 * adds, moves, resizes and configures widgets, panels and subpanels. Changes by others arrive on the
 * dashboard's socket room and reload what they touched.
 */

import {
  Button,
  EmptyState,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  useComputedColorScheme,
} from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconAlertTriangle, IconLayoutBoardSplit, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import {
  CanvasLookContext,
  canvasClasses,
  canvasLook,
  DashboardViewContext,
  useDashboardRoom,
  useReadSummary,
} from '../../../widgets';
import { dashApi, dashboardTag, panelTag } from '../api/apiBase';
import { useGetDashboardQuery } from '../api/dashboardsApi';
import { useGetPanelQuery } from '../api/panelsApi';
import type { EditorTarget } from '../editor/WidgetEditorModal';
import { problemOf, useCan, useOrgId } from '../hooks';
import { useDashboardActions } from '../list/useDashboardActions';
import { ShareDialog } from '../share/ShareDialog';
import classes from './Detail.module.css';
import { DetailHeader } from './DetailHeader';
import { DetailsModal } from './DetailsModal';
import type { DashboardChangedEvent } from './detailModel';
import { PanelTabs } from './PanelTabs';
import { PanelView } from './PanelView';
import { ChoiceModal, type ChoicePrompt, NameModal, type NamePrompt } from './Prompts';
import type { SaveState } from './useLayoutSaver';
import { useMemberSource } from './useMemberSource';
import { usePanelActions } from './usePanelActions';

interface DashboardDetailProps {
  dashboardId: string;
  breadcrumbs: ReactNode;
  /** The dashboard went away (deleted): back to the list. */
  onLeave: () => void;
  /** Opens another dashboard (the duplicate) in place of this one. */
  onOpen: (id: string, name: string) => void;
  /** The dashboard's name as loaded, for the trail's last crumb. */
  onName?: (name: string) => void;
  /** Opens in edit mode (a dashboard just created). */
  startEditing?: boolean;
  /** Opens with the share dialog open (from the Share section). */
  startSharing?: boolean;
}

function DetailSkeleton({ breadcrumbs }: { breadcrumbs: ReactNode }) {
  return (
    <div className={classes.page} aria-busy="true">
      <div className={classes.header}>
        {breadcrumbs}
        <Skeleton height={28} width={280} mt={10} radius="sm" />
        <Skeleton height={14} width={420} mt={8} radius="sm" />
        <Group gap="md" mt="md" mb="xs">
          <Skeleton height={22} width={90} radius="sm" />
          <Skeleton height={22} width={90} radius="sm" />
        </Group>
      </div>
    </div>
  );
}

/** The page. */
export function DashboardDetail({
  dashboardId,
  breadcrumbs,
  onLeave,
  onOpen,
  onName,
  startEditing,
  startSharing,
}: DashboardDetailProps) {
  const orgId = useOrgId();
  const dispatch = useAppDispatch();
  const query = useGetDashboardQuery(
    { orgId, dashboardId },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  const dashboard = query.data?.id === dashboardId ? query.data : undefined;
  const can = useCan();
  const canEdit = can('edit');
  const [editing, setEditing] = useState(Boolean(startEditing));
  const [activePanel, setActivePanel] = useState<string | null>(null);
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const [namePrompt, setNamePrompt] = useState<NamePrompt | null>(null);
  const [choicePrompt, setChoicePrompt] = useState<ChoicePrompt | null>(null);
  const [shareOpen, setShareOpen] = useState(Boolean(startSharing));
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const source = useMemberSource(orgId, dashboardId);
  const scheme = useComputedColorScheme('light');
  const _actions = useDashboardActions();

  const panels = dashboard?.panels ?? [];
  const panel = panels.find((p) => p.id === activePanel) ?? panels[0] ?? null;
  // The open panel's contents (PanelView's query; one cache entry) for "Add subpanel" in the banner.
  const reads = useReadSummary(source.health, panel?.id);
  const panelDetail = useGetPanelQuery(panel ? { orgId, dashboardId, panelId: panel.id } : skipToken).data;
  useEffect(() => {
    if (dashboard) onName?.(dashboard.name);
  }, [dashboard, onName]);

  const onChanged = useCallback(
    (event: DashboardChangedEvent) => {
      if (event.dashboard_id !== dashboardId) return;
      const tags =
        event.entity === 'dashboard'
          ? [dashboardTag(dashboardId)]
          : event.entity === 'panel'
            ? [dashboardTag(dashboardId), panelTag(event.id)]
            : (['DashPanel'] as const);
      dispatch(dashApi.util.invalidateTags([...tags]));
      if (event.entity === 'dashboard' && event.action === 'deleted') onLeave();
    },
    [dashboardId, dispatch, onLeave],
  );
  const liveStatus = useDashboardRoom({
    room: orgId ? { kind: 'dashboard', orgId, dashboardId } : null,
    onChanged,
    onResume: source.refresh,
  });
  const panelActions = usePanelActions({
    orgId,
    dashboardId,
    panels,
    setActivePanel,
    setNamePrompt,
    setChoicePrompt,
  });
  const { addPanel, renamePanel, movePanel, removePanel, copyPanel, addSubpanel } = panelActions;
  const look = useMemo(() => canvasLook(dashboard?.theme ?? 'default', scheme), [dashboard?.theme, scheme]);
  const lookContext = useMemo(
    () => ({ widgetTheme: look.widgetTheme, editing }),
    [look.widgetTheme, editing],
  );

  if (!dashboard) {
    if (query.error) {
      const problem = problemOf(query.error);
      return (
        <Stack align="center" justify="center" h="100%" p="xl">
          {breadcrumbs}
          <EmptyState
            icon={<IconAlertTriangle />}
            color="red"
            title={problem.title}
            description={problem.detail}
          >
            <Group justify="center">
              <Button variant="default" onClick={onLeave}>
                Back to the list
              </Button>
              <Button variant="light" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Group>
          </EmptyState>
        </Stack>
      );
    }
    return <DetailSkeleton breadcrumbs={breadcrumbs} />;
  }

  return (
    <div className={classes.page} data-dashboard={dashboard.name} data-editing={editing || undefined}>
      <div className={classes.header}>
        <DetailHeader
          heading={breadcrumbs}
          dashboard={dashboard}
          can={can}
          editing={editing}
          setEditing={setEditing}
          saveState={saveState}
          liveStatus={liveStatus}
          reads={reads}
          onRefresh={source.refresh}
          onShare={() => setShareOpen(true)}
          onDetails={() => setDetailsOpen(true)}
          onOpen={onOpen}
          onLeave={onLeave}
        />
        <PanelTabs
          panels={panels}
          active={panel?.id ?? null}
          editing={editing}
          onSelect={setActivePanel}
          onAdd={addPanel}
          onRename={renamePanel}
          onMove={(p, by) => void movePanel(p, by)}
          onDelete={(p) => void removePanel(p)}
          onCopy={(p) => void copyPanel(p)}
        />
      </div>
      {editing ? (
        <Group className={classes.editBanner} justify="space-between" gap="sm">
          <Text size="sm">
            Editing: drag a widget by its grip, resize it from its corner; changes save as you go.
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={!panel}
              onClick={() => setEditor({ mode: 'new' })}
            >
              Add widget
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconLayoutBoardSplit size={14} />}
              disabled={!panelDetail}
              onClick={() => panelDetail && addSubpanel(panelDetail)}
            >
              Add subpanel
            </Button>
          </Group>
        </Group>
      ) : null}
      <ScrollArea className={classes.body} type="auto" style={look.style}>
        <DashboardViewContext.Provider value={source}>
          <CanvasLookContext.Provider value={lookContext}>
            <div
              className={canvasClasses.canvas}
              style={look.style}
              data-mantine-color-scheme={look.widgetTheme}
              data-widget-theme={look.widgetTheme}
            >
              {panel ? (
                <PanelView
                  key={panel.id}
                  dashboardId={dashboardId}
                  panel={panel}
                  panels={panels}
                  settings={dashboard.layout}
                  source={source}
                  editing={editing}
                  editor={editor}
                  setEditor={setEditor}
                  onAddSubpanel={addSubpanel}
                  onSaveState={setSaveState}
                />
              ) : (
                <Stack align="center" justify="center" mih={360} p="xl" data-testid="dashboard-empty">
                  <EmptyState
                    variant="light"
                    size="lg"
                    icon={<IconLayoutBoardSplit stroke={1.6} />}
                    title="No panels yet"
                    description="A panel is a tab of the dashboard: a grid of widgets, controls and subpanels."
                    maw={420}
                  >
                    {canEdit ? (
                      <Button
                        leftSection={<IconPlus size={16} />}
                        onClick={() => {
                          setEditing(true);
                          addPanel();
                        }}
                      >
                        Add a panel
                      </Button>
                    ) : null}
                  </EmptyState>
                </Stack>
              )}
            </div>
          </CanvasLookContext.Provider>
        </DashboardViewContext.Provider>
      </ScrollArea>
      <NameModal prompt={namePrompt} onClose={() => setNamePrompt(null)} />
      <ChoiceModal prompt={choicePrompt} onClose={() => setChoicePrompt(null)} />
      <DetailsModal dashboard={dashboard} opened={detailsOpen} onClose={() => setDetailsOpen(false)} />
      <ShareDialog
        opened={shareOpen}
        onClose={() => setShareOpen(false)}
        dashboardId={dashboard.id}
        dashboardName={dashboard.name}
        links={dashboard.exports}
        canLink={can('export')}
        canPeople={can('share')}
      />
    </div>
  );
}
