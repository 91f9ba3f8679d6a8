/**
 * What can be done with an alert: acknowledge, clear, resolve, assign to a member, snooze (1 h, 4 h,
 * 1 d) and archive. Buttons show only where the status allows them and the caller may.
 */
import type { Alert } from '@ferrite/contracts';
import { Button, Group, Menu, Select } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconCheck,
  IconCircleCheck,
  IconEraser,
  IconZzz,
} from '@tabler/icons-react';
import { useAlertActionMutation, useUpdateAlertMutation } from '../api/alertsApi';
import { useAlertMembersQuery } from '../api/pickersApi';
import { runAction, useCan, useOrgId } from '../hooks';

/** Snooze lengths offered. */
export const SNOOZES = [
  { label: '1 hour', ms: 3_600_000 },
  { label: '4 hours', ms: 4 * 3_600_000 },
  { label: '1 day', ms: 86_400_000 },
] as const;

/** The action row. */
export function AlertActions({ alert }: { alert: Alert }) {
  const orgId = useOrgId();
  const can = useCan();
  const [act, acting] = useAlertActionMutation();
  const [update, updating] = useUpdateAlertMutation();
  const members = useAlertMembersQuery({ orgId }, { skip: !orgId || !can('acknowledge') });
  if (!can('acknowledge')) return null;
  const arg = { orgId, alertId: alert.id };
  const run = (action: 'acknowledge' | 'clear' | 'resolve', done: string) =>
    void runAction(() => act({ ...arg, action }).unwrap(), done);
  const change = (body: Parameters<typeof update>[0]['body'], done: string) =>
    void runAction(() => update({ ...arg, body }).unwrap(), done);
  const busy = acting.isLoading || updating.isLoading;
  const open = alert.status === 'active' || alert.status === 'acknowledged';
  const memberOptions = (members.data?.users ?? []).map((u) => ({ value: u.id, label: u.name || u.email }));
  if (alert.assignee && !memberOptions.some((m) => m.value === alert.assignee?.id))
    memberOptions.push({ value: alert.assignee.id, label: alert.assignee.name });

  return (
    <Group gap="xs" wrap="wrap">
      {alert.status === 'active' && (
        <Button
          size="xs"
          leftSection={<IconCheck size={16} />}
          onClick={() => run('acknowledge', 'Alert acknowledged')}
          disabled={busy}
        >
          Acknowledge
        </Button>
      )}
      {open && (
        <Button
          size="xs"
          variant="light"
          color="teal"
          leftSection={<IconEraser size={16} />}
          onClick={() => run('clear', 'Alert cleared')}
          disabled={busy}
        >
          Clear
        </Button>
      )}
      {alert.status !== 'resolved' && (
        <Button
          size="xs"
          variant="light"
          color="gray"
          leftSection={<IconCircleCheck size={16} />}
          onClick={() => run('resolve', 'Alert resolved')}
          disabled={busy}
        >
          Resolve
        </Button>
      )}
      <Select
        size="xs"
        w={180}
        aria-label="Assignee"
        placeholder={members.isError ? 'Members cannot be listed' : 'Assign to…'}
        data={memberOptions}
        value={alert.assignee?.id ?? null}
        onChange={(id) => change({ assignee_id: id }, id ? 'Alert assigned' : 'Assignee removed')}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      {open && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="default" leftSection={<IconZzz size={16} />} disabled={busy}>
              {alert.snoozed_until && Date.parse(alert.snoozed_until) > Date.now() ? 'Snoozed' : 'Snooze'}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {SNOOZES.map((snooze) => (
              <Menu.Item
                key={snooze.label}
                onClick={() =>
                  change(
                    { snoozed_until: new Date(Date.now() + snooze.ms).toISOString() },
                    `Snoozed for ${snooze.label}`,
                  )
                }
              >
                {snooze.label}
              </Menu.Item>
            ))}
            {alert.snoozed_until && (
              <Menu.Item onClick={() => change({ snoozed_until: null }, 'Snooze ended')}>Wake now</Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={alert.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
        onClick={() =>
          change({ archived: !alert.archived }, alert.archived ? 'Alert unarchived' : 'Alert archived')
        }
        disabled={busy}
      >
        {alert.archived ? 'Unarchive' : 'Archive'}
      </Button>
    </Group>
  );
}
