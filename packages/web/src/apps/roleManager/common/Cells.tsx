/** Small table cells the Role Manager lists share: person, date with its relative time, badges, app icons. */
import { APPS, type AppKey } from '@ferrite/contracts';
import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { formatRelative, useTimes } from '../../../ui/time';
import { AppTile } from '../../../workspace/AppTile';
import { UserAvatar } from '../users/UserAvatar';
import classes from './Cells.module.css';

/** Badges keep their whole text (see .keep), so long names are cut here instead. */
const clip = (name: string, max = 18) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

/** Avatar, name and a second line (e-mail, usually). */
export function PersonCell({ name, detail, avatar }: { name: string; detail?: string; avatar?: number }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <UserAvatar name={name || detail || '?'} avatar={avatar} size={34} />
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} truncate>
          {name || detail}
        </Text>
        {detail && name && (
          <Text size="xs" c="dimmed" truncate>
            {detail}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** A date, with the exact time in a tooltip; "Never" when empty. */
export function DateCell({
  iso,
  relative,
  empty = '—',
}: {
  iso: string | null;
  relative?: boolean;
  empty?: string;
}) {
  const times = useTimes();
  if (!iso) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Tooltip label={times.dateTime(iso)} openDelay={300} withArrow>
      <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
        {relative ? formatRelative(iso) : times.date(iso)}
      </Text>
    </Tooltip>
  );
}

/** Names as badges, at most `max` with a "+n" for the rest. */
export function BadgeList({
  names,
  max = 2,
  empty = '—',
}: {
  names: string[];
  max?: number;
  empty?: string;
}) {
  if (names.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  const rest = names.slice(max);
  return (
    <Group gap={4} wrap="nowrap">
      {names.slice(0, max).map((name) => (
        <Badge
          key={name}
          variant="light"
          color="gray"
          radius="sm"
          tt="none"
          fw={500}
          className={classes.keep}
          title={name}
        >
          {clip(name)}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.join(', ')} withArrow>
          <Badge variant="outline" color="gray" radius="sm" tt="none" className={classes.keep}>
            +{rest.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/** App tiles in a row (with titles on hover), at most `max`. */
export function AppIcons({ apps, max = 6 }: { apps: AppKey[]; max?: number }) {
  if (apps.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No apps
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      {apps.slice(0, max).map((app) => (
        <Tooltip key={app} label={APPS[app].title} withArrow openDelay={200}>
          <span data-app-icon={app}>
            <AppTile appKey={app} size={24} />
          </span>
        </Tooltip>
      ))}
      {apps.length > max && (
        <Text size="xs" c="dimmed">
          +{apps.length - max}
        </Text>
      )}
    </Group>
  );
}
