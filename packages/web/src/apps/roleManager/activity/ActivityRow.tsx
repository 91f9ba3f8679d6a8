/** One audit entry: when, who, what, in which app; opening it shows the before/after diff. */
import { type ActivityEntry, APPS } from '@ferrite/contracts';
import { Badge, Collapse, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { formatRelative, useTimes } from '../../../ui/time';
import { AppTile } from '../../../workspace/AppTile';
import { UserAvatar } from '../users/UserAvatar';
import classes from './Activity.module.css';
import { DiffTable } from './DiffTable';

interface ActivityRowProps {
  entry: ActivityEntry;
  expanded: boolean;
  onToggle: () => void;
}

/** A row that expands in place. */
export function ActivityRow({ entry, expanded, onToggle }: ActivityRowProps) {
  const times = useTimes();
  const actor = entry.actor?.name ?? 'System';
  return (
    <div className={classes.row} data-expanded={expanded || undefined} data-activity-id={entry.id}>
      <UnstyledButton className={classes.rowButton} onClick={onToggle} aria-expanded={expanded}>
        <IconChevronRight size={16} className={classes.chevron} aria-hidden />
        <div className={classes.when}>
          <Text size="sm" fw={500}>
            {formatRelative(entry.created_at)}
          </Text>
          <Text size="xs" c="dimmed">
            {times.dateTime(entry.created_at)}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap" className={classes.actor}>
          <UserAvatar name={actor} size={28} />
          <Tooltip label={entry.actor?.email ?? 'Done by the platform'} withArrow openDelay={300}>
            <Text size="sm" truncate>
              {actor}
            </Text>
          </Tooltip>
        </Group>
        <Text size="sm" className={classes.summary} lineClamp={2}>
          {entry.summary}
        </Text>
        <Group gap={6} wrap="nowrap" className={classes.app}>
          <AppTile appKey={entry.app} size={22} />
          <Text size="sm" truncate>
            {APPS[entry.app].title}
          </Text>
        </Group>
        <Badge variant="light" color="gray" radius="sm" tt="none" className={classes.entity}>
          {entry.entity_type.replaceAll('_', ' ')} · {entry.action}
        </Badge>
      </UnstyledButton>
      <Collapse expanded={expanded} keepMounted={false}>
        <div className={classes.detail}>
          <DiffTable before={entry.before} after={entry.after} />
        </div>
      </Collapse>
    </div>
  );
}
