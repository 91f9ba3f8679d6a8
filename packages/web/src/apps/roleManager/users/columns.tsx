/** Columns of the Users tabs (members) and of the Invites tab (pending invitations). */
import type { Invitation, OrgUser } from '@ferrite/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ListColumn } from '../../../ui/ListPage';
import { BadgeList, DateCell, PersonCell } from '../common/Cells';
import classes from '../common/Cells.module.css';

/** Admin or Member, and the custom role under it when there is one. */
function RoleCell({ role, customRole }: { role: OrgUser['role']; customRole?: string }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge
        variant={role === 'admin' ? 'filled' : 'light'}
        radius="sm"
        color={role === 'admin' ? undefined : 'gray'}
        className={classes.keep}
      >
        {role === 'admin' ? 'Admin' : 'Member'}
      </Badge>
      {customRole && (
        <Text size="xs" c="dimmed">
          {customRole}
        </Text>
      )}
    </Stack>
  );
}

/** The member columns: person, e-mail, phone, role, groups, last login, date added. */
export const userColumns: ListColumn<OrgUser>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (u) => <PersonCell name={u.name} avatar={u.avatar} />,
    width: '20%',
  },
  { key: 'email', header: 'E-mail', render: (u) => <Text size="sm">{u.email}</Text> },
  {
    key: 'phone',
    header: 'Phone',
    render: (u) => (
      <Text size="sm" c={u.phone ? undefined : 'dimmed'}>
        {u.phone || '—'}
      </Text>
    ),
  },
  {
    key: 'role',
    header: 'Role',
    render: (u) => <RoleCell role={u.role} customRole={u.custom_role?.name} />,
  },
  {
    key: 'groups',
    header: 'Groups',
    render: (u) => <BadgeList names={u.user_groups.map((g) => g.name)} empty="None" />,
  },
  {
    key: 'lastLogin',
    header: 'Last login',
    render: (u) => <DateCell iso={u.last_login} relative empty="Never" />,
  },
  { key: 'added', header: 'Date added', render: (u) => <DateCell iso={u.date_added} /> },
];

/** The Archived tab shows when someone was archived instead of when they were added. */
export const archivedUserColumns: ListColumn<OrgUser>[] = [
  ...userColumns.filter((column) => column.key !== 'added'),
  { key: 'archived', header: 'Archived', render: (u) => <DateCell iso={u.archived_at} /> },
];

const STATUS_COLORS: Record<Invitation['status'], string> = {
  pending: 'yellow',
  accepted: 'teal',
  expired: 'gray',
  revoked: 'red',
};

/** The invitation columns: person, role and groups, status, expiry, who invited and when. */
export const invitationColumns: ListColumn<Invitation>[] = [
  {
    key: 'email',
    header: 'Invited',
    render: (i) => <PersonCell name={i.name} detail={i.email} />,
    width: '26%',
  },
  { key: 'role', header: 'Role', render: (i) => <RoleCell role={i.role} /> },
  {
    key: 'groups',
    header: 'Groups',
    render: (i) => <BadgeList names={i.user_groups.map((g) => g.name)} empty="None" />,
  },
  {
    key: 'status',
    header: 'Status',
    render: (i) => (
      <Group gap={6} wrap="nowrap">
        <Badge variant="dot" color={STATUS_COLORS[i.status]} radius="sm" tt="capitalize">
          {i.status}
        </Badge>
        {i.kind === 'join-org' && (
          <Text size="xs" c="dimmed">
            existing account
          </Text>
        )}
      </Group>
    ),
  },
  { key: 'expires', header: 'Expires', render: (i) => <DateCell iso={i.expires_at} relative /> },
  {
    key: 'invitedBy',
    header: 'Invited by',
    render: (i) => (
      <Text size="sm" c={i.invited_by ? undefined : 'dimmed'}>
        {i.invited_by?.name ?? '—'}
      </Text>
    ),
  },
  { key: 'sent', header: 'Sent', render: (i) => <DateCell iso={i.created_at} relative /> },
];
