/**
 * The title row of a dashboard's detail: name, description, the layout's save state, the live badge,
 * refresh, Edit / Done, Share and the dashboard menu (details, send as report, duplicate, archive, delete).
 */
import type { DashboardDetail } from '@ferrite/contracts';
import { ActionIcon, Badge, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconCheck,
  IconCopy,
  IconDots,
  IconFileReport,
  IconPencil,
  IconRefresh,
  IconSettings,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { RoomStatus } from '../../../app/socket';
import { dashboardTheme, LiveBadge, type ReadSummary } from '../../../widgets';
import type { DashAction } from '../hooks';
import { useDashboardActions } from '../list/useDashboardActions';
import classes from './Detail.module.css';
import { dashboardSummary } from './detailModel';
import { ReportDialog } from './ReportDialog';
import type { SaveState } from './useLayoutSaver';

const SAVE_HINT: Partial<Record<SaveState, string>> = {
  pending: 'Unsaved layout…',
  saving: 'Saving…',
  saved: 'Layout saved',
  failed: 'Layout not saved',
};

interface DetailHeaderProps {
  /** The page's trail, whose last step is the dashboard's name as the heading (DetailTrail). */
  heading: ReactNode;
  dashboard: DashboardDetail;
  can: (action: DashAction) => boolean;
  editing: boolean;
  setEditing: (editing: boolean) => void;
  saveState: SaveState;
  liveStatus: RoomStatus;
  /** How the open panel's widget reads went. */
  reads?: ReadSummary;
  onRefresh: () => void;
  onShare: () => void;
  onDetails: () => void;
  onOpen: (id: string, name: string) => void;
  onLeave: () => void;
}

/** The row. */
export function DetailHeader({
  heading,
  dashboard,
  can,
  editing,
  setEditing,
  saveState,
  liveStatus,
  reads,
  onRefresh,
  onShare,
  onDetails,
  onOpen,
  onLeave,
}: DetailHeaderProps) {
  const actions = useDashboardActions();
  const canEdit = can('edit');
  const theme = dashboardTheme(dashboard.theme);
  const hint = editing ? SAVE_HINT[saveState] : undefined;
  const [reportOpen, setReportOpen] = useState(false);
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" className={classes.titleRow} gap="md">
      <div style={{ minWidth: 0 }}>
        <Group gap="sm" wrap="nowrap">
          {heading}
          {dashboard.is_archived ? (
            <Badge color="gray" variant="light">
              Archived
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {dashboard.description || dashboardSummary(theme.name, dashboard)}
        </Text>
      </div>
      <Group gap="sm" wrap="nowrap">
        {hint ? (
          <Text size="xs" c={saveState === 'failed' ? 'red' : 'dimmed'} data-save-state={saveState}>
            {hint}
          </Text>
        ) : null}
        <LiveBadge status={liveStatus} reads={reads} />
        <Tooltip label="Reload every widget" withinPortal>
          <ActionIcon variant="default" size="lg" aria-label="Refresh" onClick={onRefresh}>
            <IconRefresh size={17} />
          </ActionIcon>
        </Tooltip>
        {canEdit ? (
          editing ? (
            <Button leftSection={<IconCheck size={16} />} onClick={() => setEditing(false)}>
              Done
            </Button>
          ) : (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          )
        ) : null}
        {can('share') || can('export') ? (
          <Button
            variant="default"
            leftSection={<IconShare size={16} />}
            aria-label="Share dashboard"
            onClick={onShare}
          >
            Share
          </Button>
        ) : null}
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label="Dashboard menu">
              <IconDots size={17} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canEdit ? (
              <Menu.Item leftSection={<IconSettings size={15} />} onClick={onDetails}>
                Name, description and theme
              </Menu.Item>
            ) : null}
            {can('export') ? (
              <Menu.Item leftSection={<IconFileReport size={15} />} onClick={() => setReportOpen(true)}>
                Send as report
              </Menu.Item>
            ) : null}
            {can('create') ? (
              <Menu.Item
                leftSection={<IconCopy size={15} />}
                onClick={async () => {
                  const copy = await actions.duplicateDashboard(dashboard);
                  if (copy) onOpen(copy.id, copy.name);
                }}
              >
                Duplicate dashboard
              </Menu.Item>
            ) : null}
            {canEdit ? (
              <Menu.Item
                leftSection={dashboard.is_archived ? <IconArchiveOff size={15} /> : <IconArchive size={15} />}
                onClick={() => void actions.toggleArchive(dashboard)}
              >
                {dashboard.is_archived ? 'Unarchive' : 'Archive'}
              </Menu.Item>
            ) : null}
            {can('delete') ? (
              <>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={15} />}
                  onClick={async () => {
                    if (await actions.removeDashboard(dashboard)) onLeave();
                  }}
                >
                  Delete dashboard
                </Menu.Item>
              </>
            ) : null}
          </Menu.Dropdown>
        </Menu>
        <ReportDialog dashboard={dashboard} opened={reportOpen} onClose={() => setReportOpen(false)} />
      </Group>
    </Group>
  );
}
