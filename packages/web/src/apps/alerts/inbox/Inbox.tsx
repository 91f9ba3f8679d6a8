/**
 * My Inbox (spec §2 list page with counts and Active/Archived tabs): alerts with their severity colour,
 * status, entity and age; filters, search and paging; rows selected for a bulk acknowledge; live over
 * the socket. §8: a failed fetch is silent, the list keeps what it showed (or its empty state).
 */
import { type Alert, type AlertSeverity, APPS, OPEN_ALERT_STATUSES } from '@ferrite/contracts';
import { Button, Checkbox, Group, Text } from '@mantine/core';
import { IconArchive, IconArrowRight, IconCheck, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { type ArchiveTab, archiveTabs } from '../../../ui/archiveTabs';
import { type ListColumn, ListPage, type RowAction } from '../../../ui/ListPage';
import { DateTime } from '../../../ui/time';
import { useListPageState } from '../../../ui/useListPageState';
import {
  type AlertFilters,
  useAcknowledgeAlertsMutation,
  useAlertActionMutation,
  useListAlertsQuery,
  useUpdateAlertMutation,
} from '../api/alertsApi';
import { SeverityBadge, SeverityStripe, StatusBadge } from '../common/Badges';
import { runAction, useCan, useOrgId } from '../hooks';
import { InboxFilters } from './InboxFilters';
import { useAlertsLive } from './useAlertsLive';

/** Rows per page. */
export const INBOX_PAGE_SIZE = 20;

const isOpen = (alert: Alert) => (OPEN_ALERT_STATUSES as readonly string[]).includes(alert.status);

interface InboxProps {
  onOpen: (id: string) => void;
  initialSeverity?: AlertSeverity[];
}

/** The inbox section. */
export function Inbox({ onOpen, initialSeverity }: InboxProps) {
  const orgId = useOrgId();
  const view = useListPageState<ArchiveTab>({ initialTab: 'active' });
  const { tab, page, search } = view;
  const [filters, setFilters] = useState<AlertFilters>({ severity: initialSeverity });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const query = useListAlertsQuery(
    { orgId, tab, page, pageSize: INBOX_PAGE_SIZE, search, ...filters },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  // §8: a failed read keeps what was shown; the first one failing shows the empty state.
  const data = query.data;
  useAlertsLive();
  const can = useCan(data?.abilities);
  const [acknowledgeMany, bulk] = useAcknowledgeAlertsMutation();
  const [act] = useAlertActionMutation();
  const [update] = useUpdateAlertMutation();
  const alerts = data?.alerts ?? [];
  const selectable = alerts.filter((a) => a.status === 'active');
  const shownSelected = selectable.filter((a) => selected.has(a.id));

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const acknowledgeSelected = async () => {
    const ids = shownSelected.map((a) => a.id);
    const done = await runAction(
      () => acknowledgeMany({ orgId, ids }).unwrap(),
      `${ids.length} ${ids.length === 1 ? 'alert' : 'alerts'} acknowledged`,
    );
    if (done) setSelected(new Set());
  };
  const changeFilters = (next: AlertFilters) => {
    setFilters(next);
    view.setPage(1);
  };

  const allChecked = selectable.length > 0 && shownSelected.length === selectable.length;
  const columns: ListColumn<Alert>[] = [
    ...(can('acknowledge') && tab === 'active'
      ? [
          {
            key: 'select',
            width: 44,
            header: (
              <Checkbox
                size="xs"
                aria-label="Select every active alert on this page"
                checked={allChecked}
                indeterminate={shownSelected.length > 0 && !allChecked}
                disabled={selectable.length === 0}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setSelected(new Set(on ? selectable.map((a) => a.id) : []));
                }}
              />
            ),
            render: (alert: Alert) => (
              // The row opens on click and Enter: the box keeps its own clicks and keys.
              // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row from hearing the box.
              <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                <Checkbox
                  size="xs"
                  aria-label={`Select ${alert.alert_rule?.rule_name ?? alert.description}`}
                  checked={selected.has(alert.id)}
                  disabled={alert.status !== 'active'}
                  onChange={(e) => toggle(alert.id, e.currentTarget.checked)}
                />
              </span>
            ),
          },
        ]
      : []),
    {
      key: 'alert',
      header: 'Alert',
      fill: true,
      render: (alert) => (
        <Group gap="sm" wrap="nowrap" data-alert-row={alert.id}>
          <SeverityStripe severity={alert.severity} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {alert.alert_rule?.rule_name ?? APPS[alert.app].title}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {alert.description}
            </Text>
          </div>
        </Group>
      ),
    },
    {
      key: 'severity',
      header: 'Severity',
      width: 110,
      render: (alert) => <SeverityBadge severity={alert.severity} size="sm" />,
    },
    {
      key: 'status',
      header: 'Status',
      width: 150,
      render: (alert) => <StatusBadge status={alert.status} size="sm" />,
    },
    {
      key: 'entity',
      header: 'Entity',
      width: 200,
      render: (alert) =>
        alert.entity ? (
          <div style={{ minWidth: 0, maxWidth: 240 }}>
            <Text size="sm" truncate>
              {alert.entity.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {alert.entity.path}
            </Text>
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'time',
      header: 'Fired',
      width: 130,
      render: (alert) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          <DateTime value={alert.time} relative />
        </Text>
      ),
    },
  ];

  const rowActions = (alert: Alert): RowAction[] => {
    const list: RowAction[] = [
      { label: 'Open', icon: <IconArrowRight size={16} />, onClick: () => onOpen(alert.id) },
    ];
    if (can('acknowledge') && alert.status === 'active')
      list.push({
        label: 'Acknowledge',
        icon: <IconCheck size={16} />,
        onClick: () =>
          void runAction(
            () => act({ orgId, alertId: alert.id, action: 'acknowledge' }).unwrap(),
            'Alert acknowledged',
          ),
      });
    if (can('acknowledge') && !isOpen(alert))
      list.push({
        label: alert.archived ? 'Unarchive' : 'Archive',
        icon: <IconArchive size={16} />,
        onClick: () =>
          void runAction(
            () => update({ orgId, alertId: alert.id, body: { archived: !alert.archived } }).unwrap(),
            alert.archived ? 'Alert unarchived' : 'Alert archived',
          ),
      });
    return list;
  };

  const filtered = Boolean(search || filters.status || filters.severity || filters.app || filters.mine);
  const counts = data?.counts;
  return (
    <ListPage<Alert>
      title="My Inbox"
      count={counts ? counts.active + counts.archived : undefined}
      countNoun={['alert', 'alerts']}
      description="Alerts raised by rules and by other apps. Open one for its timeline, comments and chart."
      tabs={archiveTabs(counts)}
      activeTab={tab}
      onTabChange={(value) => {
        setSelected(new Set());
        view.onTabChange(value);
      }}
      onSearch={view.onSearch}
      searchPlaceholder="Search alerts"
      primaryAction={
        <Group gap="xs" wrap="nowrap" align="center">
          {shownSelected.length > 0 && (
            <Button
              size="xs"
              leftSection={<IconChecks size={16} />}
              onClick={() => void acknowledgeSelected()}
              loading={bulk.isLoading}
            >
              Acknowledge {shownSelected.length}
            </Button>
          )}
          <InboxFilters value={filters} onChange={changeFilters} />
        </Group>
      }
      items={alerts}
      getKey={(alert) => alert.id}
      itemLabel={(alert) => `${alert.severity} alert: ${alert.alert_rule?.rule_name ?? alert.description}`}
      columns={columns}
      rowActions={rowActions}
      onOpen={(alert) => onOpen(alert.id)}
      paging={{
        page,
        pageSize: INBOX_PAGE_SIZE,
        total: data?.total_entries ?? 0,
        onPageChange: view.setPage,
      }}
      loading={!data && !query.isError}
      empty={{
        title: filtered ? 'No matches' : undefined,
        message: filtered
          ? 'No alert matches these filters.'
          : tab === 'archived'
            ? 'No archived alerts. Archive a resolved alert to keep it out of the way.'
            : 'No alerts — everything is quiet',
      }}
    />
  );
}
