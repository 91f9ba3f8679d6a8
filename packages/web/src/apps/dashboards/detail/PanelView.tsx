/**
 * One open panel of a member's dashboard: its contents (GET …/panels/{id}), the live rooms of the
 * sensors it reads, the canvas (edit mode: drag, resize, saved debounced) and the dialogs its cards
 * open. Empty panels invite a first widget.
 */
import type { GridSettings, Panel, PanelDetail } from '@ferrite/contracts';
import { Button, EmptyState, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconChartLine, IconLayoutGridAdd, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import {
  canvasClasses as classes,
  PanelCanvas,
  SensorRooms,
  sensorsOf,
  usePanelReadAhead,
} from '../../../widgets';
import { useGetPanelQuery } from '../api/panelsApi';
import { type EditorTarget, WidgetEditorModal } from '../editor/WidgetEditorModal';
import { problemOf, useOrgId } from '../hooks';
import { ChoiceModal, type ChoicePrompt, NameModal, type NamePrompt } from './Prompts';
import { useCardActions } from './useCardActions';
import { type SaveState, useLayoutSaver } from './useLayoutSaver';
import type { MemberSource } from './useMemberSource';

interface PanelViewProps {
  dashboardId: string;
  panel: Panel;
  panels: readonly Panel[];
  settings: GridSettings;
  source: MemberSource;
  editing: boolean;
  /** The editor the header's "Add widget" opened (null when closed). */
  editor: EditorTarget | null;
  setEditor: (target: EditorTarget | null) => void;
  onAddSubpanel: (panel: PanelDetail) => void;
  onSaveState: (state: SaveState) => void;
}

function CanvasSkeleton() {
  return (
    <div className={classes.canvas} aria-busy="true" data-testid="panel-loading">
      <Group grow align="stretch" gap={10} p={6}>
        <Skeleton height={260} radius="md" />
        <Skeleton height={260} radius="md" />
      </Group>
      <Group grow align="stretch" gap={10} p={6}>
        <Skeleton height={180} radius="md" />
        <Skeleton height={180} radius="md" />
        <Skeleton height={180} radius="md" />
      </Group>
    </div>
  );
}

/** The panel. */
export function PanelView(props: PanelViewProps) {
  const { dashboardId, panel, panels, settings, source, editing, editor, setEditor } = props;
  const orgId = useOrgId();
  const arg = { orgId, dashboardId, panelId: panel.id };
  const query = useGetPanelQuery(arg, { skip: !orgId, refetchOnMountOrArgChange: true });
  const detail = query.currentData ?? (query.data?.id === panel.id ? query.data : undefined);
  const saver = useLayoutSaver(orgId ? arg : null, panel.name);
  const [namePrompt, setNamePrompt] = useState<NamePrompt | null>(null);
  const [choicePrompt, setChoicePrompt] = useState<ChoicePrompt | null>(null);
  const sensors = useMemo(() => sensorsOf(detail?.widget_instances.map((w) => w.bindings) ?? []), [detail]);
  const fallback =
    detail ?? ({ ...panel, subpanels: [], widget_instances: [], command_widgets: [] } as PanelDetail);
  const actions = useCardActions({
    dashboardId,
    panel: fallback,
    panels,
    editing,
    edit: setEditor,
    askName: setNamePrompt,
    askChoice: setChoicePrompt,
  });

  const { onSaveState } = props;
  useEffect(() => onSaveState(saver.state), [saver.state, onSaveState]);
  const canvasDetail = usePanelReadAhead(detail, source.readAhead);

  if (!detail) {
    if (query.error) {
      const problem = problemOf(query.error);
      return (
        <Stack align="center" p="xl">
          <EmptyState
            icon={<IconAlertTriangle />}
            color="red"
            title={problem.title}
            description={problem.detail || 'The panel could not be loaded.'}
          >
            <Button variant="light" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </EmptyState>
        </Stack>
      );
    }
    return <CanvasSkeleton />;
  }

  const empty = (
    <Stack align="center" justify="center" mih={360} p="xl" data-testid="panel-empty">
      <EmptyState
        variant="light"
        size="lg"
        icon={editing ? <IconLayoutGridAdd stroke={1.6} /> : <IconChartLine stroke={1.6} />}
        title={`${panel.name} is empty`}
        description={
          editing
            ? 'Pick a chart, gauge, table or control from the catalogue and bind it to a sensor.'
            : 'Switch to Edit to add widgets to this panel.'
        }
        maw={440}
      >
        {editing ? (
          <Group gap="sm" justify="center">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditor({ mode: 'new' })}>
              Add widget
            </Button>
            <Button variant="default" onClick={() => props.onAddSubpanel(detail)}>
              Add subpanel
            </Button>
          </Group>
        ) : null}
      </EmptyState>
    </Stack>
  );

  return (
    <>
      <SensorRooms orgId={orgId} sensorIds={sensors} live={source.live} onResume={source.refresh} />
      {canvasDetail ? (
        <PanelCanvas
          panel={canvasDetail}
          settings={settings}
          onLayoutCommit={editing ? saver.schedule : undefined}
          widgetActions={actions.widgetActions}
          commandActions={actions.commandActions}
          subpanelActions={actions.subpanelActions}
          empty={empty}
        />
      ) : (
        <CanvasSkeleton />
      )}
      <WidgetEditorModal target={editor} panel={detail} onClose={() => setEditor(null)} />
      <NameModal prompt={namePrompt} onClose={() => setNamePrompt(null)} />
      <ChoiceModal prompt={choicePrompt} onClose={() => setChoicePrompt(null)} />
    </>
  );
}
