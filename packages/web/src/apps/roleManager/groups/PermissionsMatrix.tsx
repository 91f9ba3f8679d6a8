/** The permissions matrix of the group and role editors: per app a switch and its action checkboxes. */
import { ACTION_LABELS, APP_ACTIONS, APPS, type AppKey, type Permission } from '@ferrite/contracts';
import { Badge, Checkbox, Group, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { AppTile } from '../../../workspace/AppTile';
import {
  appSelection,
  type Grants,
  overallSelection,
  setActionAllowed,
  setAppAll,
  setAppAllowed,
  setEverything,
} from './grants';
import classes from './PermissionsMatrix.module.css';

interface PermissionsMatrixProps {
  value: Grants;
  onChange: (next: Grants) => void;
  /** The apps that can be granted (the organization's). */
  apps: AppKey[];
  disabled?: boolean;
}

function AppRow({ app, value, onChange, disabled }: Omit<PermissionsMatrixProps, 'apps'> & { app: AppKey }) {
  const title = APPS[app].title;
  const allowed = value.apps.includes(app);
  const selection = appSelection(value, app);
  const actions = APP_ACTIONS[app] as readonly string[];
  const held = actions.filter((action) =>
    value.permissions.includes(`${app}.${action}` as Permission),
  ).length;
  return (
    <Paper withBorder radius="md" p="sm" className={classes.app} data-matrix-app={app} data-allowed={allowed}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <AppTile appKey={app} size={32} />
          <div className={classes.appTitle}>
            <Text fw={600} size="sm" truncate>
              {title}
            </Text>
            <Text size="xs" c="dimmed">
              {allowed ? `${held} of ${actions.length} actions` : 'Not allowed'}
            </Text>
          </div>
        </Group>
        <Group gap="md" wrap="nowrap">
          <Checkbox
            size="xs"
            label="All"
            aria-label={`Select all ${title} actions`}
            checked={selection === 'all'}
            indeterminate={selection === 'some'}
            disabled={disabled}
            onChange={(event) => onChange(setAppAll(value, app, event.currentTarget.checked))}
          />
          <Switch
            aria-label={`Allow ${title}`}
            checked={allowed}
            disabled={disabled}
            onChange={(event) => onChange(setAppAllowed(value, app, event.currentTarget.checked))}
          />
        </Group>
      </Group>
      <SimpleGrid
        cols={{ base: 1, xs: 2 }}
        spacing={6}
        verticalSpacing={6}
        mt="sm"
        className={classes.actions}
      >
        {actions.map((action) => {
          const permission = `${app}.${action}` as Permission;
          return (
            <Checkbox
              key={action}
              size="xs"
              label={ACTION_LABELS[action] ?? action}
              aria-label={`${title}: ${ACTION_LABELS[action] ?? action}`}
              checked={value.permissions.includes(permission)}
              disabled={disabled}
              onChange={(event) => onChange(setActionAllowed(value, permission, event.currentTarget.checked))}
            />
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}

/** Every grantable app with its switch, its action checkboxes and select-all, plus one select-all overall. */
export function PermissionsMatrix({ value, onChange, apps, disabled }: PermissionsMatrixProps) {
  const overall = overallSelection(value, apps);
  const allowedCount = apps.filter((app) => value.apps.includes(app)).length;
  return (
    <Stack gap="xs" data-testid="permissions-matrix">
      <Group justify="space-between" className={classes.toolbar}>
        <Checkbox
          label="Select all apps and actions"
          checked={overall === 'all'}
          indeterminate={overall === 'some'}
          disabled={disabled || apps.length === 0}
          onChange={(event) => onChange(setEverything(value, apps, event.currentTarget.checked))}
        />
        <Badge variant="light" color={allowedCount ? undefined : 'gray'} radius="sm">
          {allowedCount} of {apps.length} apps
        </Badge>
      </Group>
      {apps.map((app) => (
        <AppRow key={app} app={app} value={value} onChange={onChange} disabled={disabled} />
      ))}
    </Stack>
  );
}
