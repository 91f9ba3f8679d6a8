/** Columns of the user group and role lists. */
import type { Role, UserGroup } from '@ferrite/contracts';
import { Badge, Stack, Text } from '@mantine/core';
import type { ListColumn } from '../../../ui/ListPage';
import { AppIcons, DateCell } from '../common/Cells';
import { grantsFromPermissions } from './grants';

/** Name with the description under it. */
function NameCell({ name, description }: { name: string; description: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" fw={600} truncate>
        {name}
      </Text>
      {description && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {description}
        </Text>
      )}
    </Stack>
  );
}

const count = (n: number, one: string, many: string) => (
  <Badge variant="light" color={n ? undefined : 'gray'} radius="sm" tt="none">
    {n} {n === 1 ? one : many}
  </Badge>
);

/** Group columns: name, allowed apps, actions, members, created. */
export const groupColumns: ListColumn<UserGroup>[] = [
  {
    key: 'name',
    header: 'Group',
    render: (g) => <NameCell name={g.name} description={g.description} />,
    width: '30%',
  },
  { key: 'apps', header: 'Apps', render: (g) => <AppIcons apps={g.apps} /> },
  { key: 'actions', header: 'Actions', render: (g) => count(g.permissions.length, 'action', 'actions') },
  { key: 'members', header: 'Members', render: (g) => count(g.member_count, 'member', 'members') },
  { key: 'created', header: 'Created', render: (g) => <DateCell iso={g.created_at} /> },
];

/** Role columns: name, the apps its actions touch, actions, people holding it, created. */
export const roleColumns: ListColumn<Role>[] = [
  {
    key: 'name',
    header: 'Role',
    render: (r) => <NameCell name={r.name} description={r.description} />,
    width: '30%',
  },
  {
    key: 'apps',
    header: 'Apps',
    render: (r) => <AppIcons apps={grantsFromPermissions(r.permissions).apps} />,
  },
  { key: 'actions', header: 'Actions', render: (r) => count(r.permissions.length, 'action', 'actions') },
  { key: 'users', header: 'Users', render: (r) => count(r.user_count, 'user', 'users') },
  { key: 'created', header: 'Created', render: (r) => <DateCell iso={r.created_at} /> },
];
