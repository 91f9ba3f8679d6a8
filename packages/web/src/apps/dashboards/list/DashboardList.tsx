/**
 * The list of dashboards (spec §2 "Dashboards start on a dashboard list"; list pages with counts and
 * Active / Archived tabs): searchable, paged, with open, duplicate, archive or unarchive and delete.
 * `shared` lists the dashboards shared with the caller instead (the Share section).
 */
import type { Dashboard } from '@ferrite/contracts';
import { Button, Group, Text, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowRight,
  IconCopy,
  IconPlus,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { type ArchiveTab, archiveTabs } from '../../../ui/archiveTabs';
import { type ListColumn, ListPage, type RowAction } from '../../../ui/ListPage';
import { DateTime } from '../../../ui/time';
import { useListPageState } from '../../../ui/useListPageState';
import { dashboardTheme } from '../../../widgets';
import { useListDashboardsQuery } from '../api/dashboardsApi';
import type { OpenIntent } from '../detail/TrailSection';
import { useCan, useErrorToast, useOrgId } from '../hooks';
import classes from './List.module.css';
import { useDashboardActions } from './useDashboardActions';

/** Rows per page. */
export const DASHBOARD_PAGE_SIZE = 10;

/** The theme's colours as a small swatch. */
export function ThemeSwatch({ themeId }: { themeId: string }) {
  const theme = dashboardTheme(themeId);
  return (
    <Tooltip label={`${theme.name} theme`} withinPortal openDelay={300}>
      <span
        className={classes.swatch}
        style={
          {
            '--sw-bg': theme.background,
            '--sw-accent': theme.accent,
            '--sw-panel': theme.panel,
          } as CSSProperties
        }
        aria-hidden
      />
    </Tooltip>
  );
}

const columns = (tab: ArchiveTab): ListColumn<Dashboard>[] => [
  {
    key: 'name',
    header: 'Dashboard',
    render: (dashboard) => (
      <Group gap="sm" wrap="nowrap">
        <ThemeSwatch themeId={dashboard.theme} />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {dashboard.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {dashboard.description || `${dashboardTheme(dashboard.theme).name} theme`}
          </Text>
        </div>
      </Group>
    ),
  },
  {
    key: 'contents',
    header: 'Contents',
    width: 190,
    render: (dashboard) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {dashboard.panel_count} {dashboard.panel_count === 1 ? 'panel' : 'panels'} · {dashboard.widget_count}{' '}
        {dashboard.widget_count === 1 ? 'widget' : 'widgets'}
      </Text>
    ),
  },
  {
    key: 'owner',
    header: 'Created by',
    width: 170,
    render: (dashboard) => (
      <Text size="sm" truncate>
        {dashboard.created_by?.name ?? '—'}
      </Text>
    ),
  },
  {
    key: 'updated',
    header: tab === 'archived' ? 'Archived' : 'Updated',
    width: 170,
    render: (dashboard) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        <DateTime value={dashboard.updated_at} relative />
      </Text>
    ),
  },
];

interface DashboardListProps {
  title: string;
  description: string;
  breadcrumbs: ReactNode;
  onOpen: (intent: OpenIntent) => void;
  /** Lists the dashboards shared with the caller. */
  shared?: boolean;
  /** Opening a row opens its share dialog too (the Share section's own list). */
  openToShare?: boolean;
  onNew?: () => void;
  /** Beside the "New" button at the right of the header (the Share section's switcher). */
  action?: ReactNode;
}

/** The list page. */
export function DashboardList({
  title,
  description,
  breadcrumbs,
  onOpen,
  shared,
  openToShare,
  onNew,
  action,
}: DashboardListProps) {
  const orgId = useOrgId();
  const view = useListPageState<ArchiveTab>({ initialTab: 'active' });
  const { tab, page, search } = view;
  const query = useListDashboardsQuery(
    { orgId, tab, shared, page, pageSize: DASHBOARD_PAGE_SIZE, search },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  const data = query.currentData;
  const problem = data ? undefined : (query.error as ApiProblem | undefined);
  useErrorToast(query.error);
  const can = useCan(data?.abilities);
  const actions = useDashboardActions();
  const open = (dashboard: Dashboard) =>
    onOpen({ id: dashboard.id, name: dashboard.name, share: openToShare });

  const rowActions = (dashboard: Dashboard): RowAction[] => {
    const list: RowAction[] = [
      { label: 'Open', icon: <IconArrowRight size={16} />, onClick: () => open(dashboard) },
    ];
    if (can('share') || can('export'))
      list.push({
        label: 'Share',
        icon: <IconShare size={16} />,
        onClick: () => onOpen({ id: dashboard.id, name: dashboard.name, share: true }),
      });
    if (can('create'))
      list.push({
        label: 'Duplicate',
        icon: <IconCopy size={16} />,
        onClick: () => void actions.duplicateDashboard(dashboard),
      });
    if (can('edit'))
      list.push(
        dashboard.is_archived
          ? {
              label: 'Unarchive',
              icon: <IconArchiveOff size={16} />,
              onClick: () => void actions.toggleArchive(dashboard),
            }
          : {
              label: 'Archive',
              icon: <IconArchive size={16} />,
              onClick: () => void actions.toggleArchive(dashboard),
            },
      );
    if (can('delete'))
      list.push({
        label: 'Delete',
        icon: <IconTrash size={16} />,
        color: 'red',
        onClick: () => void actions.removeDashboard(dashboard),
      });
    return list;
  };

  const newButton =
    onNew && can('create') ? (
      <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
        New dashboard
      </Button>
    ) : null;
  const counts = data?.counts ?? { active: 0, archived: 0 };
  const emptyMessage = search
    ? `No dashboard matches “${search}”.`
    : shared
      ? tab === 'archived'
        ? 'No archived dashboards are shared with you.'
        : 'Nothing is shared with you yet. When a colleague shares a dashboard with your e-mail, it shows here.'
      : tab === 'archived'
        ? 'No archived dashboards. Archiving keeps a dashboard and its links, out of the way.'
        : 'No dashboards yet. Start one from a theme, add panels and bind widgets to your sensors.';

  return (
    <ListPage<Dashboard>
      title={title}
      count={data ? counts.active + counts.archived : undefined}
      // "Share a dashboard" names an action, not the list: the badge says what it counts.
      countNoun={openToShare ? ['dashboard', 'dashboards'] : undefined}
      description={description}
      breadcrumbs={breadcrumbs}
      tabs={archiveTabs(data?.counts)}
      activeTab={tab}
      onTabChange={view.onTabChange}
      onSearch={view.onSearch}
      searchPlaceholder="Search dashboards"
      primaryAction={
        action || newButton ? (
          <>
            {action}
            {newButton}
          </>
        ) : undefined
      }
      items={data?.dashboards ?? []}
      getKey={(dashboard) => dashboard.id}
      itemLabel={(dashboard) => dashboard.name}
      columns={columns(tab)}
      rowActions={rowActions}
      onOpen={open}
      paging={{
        page,
        pageSize: DASHBOARD_PAGE_SIZE,
        total: data?.total_entries ?? 0,
        onPageChange: view.setPage,
      }}
      loading={!data && !problem}
      error={problem && { title: problem.title, detail: problem.detail, onRetry: query.refetch }}
      empty={{
        title: search ? 'No matches' : undefined,
        message: emptyMessage,
        action: !search && tab === 'active' && !shared ? (newButton ?? undefined) : undefined,
      }}
    />
  );
}
