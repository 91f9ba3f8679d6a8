/** One project as a card: name, description, manager, members, location, and who created it when. */
import type { Project } from '@ferrite/contracts';
import { Avatar, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendar, IconMapPin, IconTag, IconUser, IconUsers } from '@tabler/icons-react';
import { useTimes } from '../../../ui/time';
import { UserAvatar } from '../users/UserAvatar';
import classes from './ProjectCard.module.css';

/** "Street, City" or the coordinates when that is all there is. */
export function locationText(location: Project['location']): string | null {
  if (location.address) return location.address;
  if (location.latitude !== null && location.longitude !== null) {
    return `${location.latitude.toFixed(4)}, ${location.longitude.toFixed(4)}`;
  }
  return null;
}

/** The card body (ListPage draws the frame and the actions menu). */
export function ProjectCard({ project }: { project: Project }) {
  const times = useTimes();
  const where = locationText(project.location);
  return (
    <Stack gap="sm" className={classes.card} data-project={project.name}>
      <div className={classes.head}>
        <Text fw={650} size="md" truncate>
          {project.name}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2} className={classes.description}>
          {project.description || 'No description'}
        </Text>
      </div>
      <Stack gap={6}>
        <Group gap={8} wrap="nowrap">
          <IconUser size={15} className={classes.icon} />
          {project.manager ? (
            <Group gap={6} wrap="nowrap" miw={0}>
              <UserAvatar name={project.manager.name} size={20} />
              <Text size="sm" truncate>
                {project.manager.name}
              </Text>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              No manager
            </Text>
          )}
        </Group>
        <Group gap={8} wrap="nowrap">
          <IconUsers size={15} className={classes.icon} />
          {project.members.length > 0 ? (
            <Tooltip label={project.members.map((m) => m.name).join(', ')} withArrow multiline maw={280}>
              <Group gap={6} wrap="nowrap">
                <Avatar.Group spacing={6}>
                  {project.members.slice(0, 4).map((m) => (
                    <UserAvatar key={m.id} name={m.name} size={20} />
                  ))}
                </Avatar.Group>
                <Text size="sm">
                  {project.members.length} {project.members.length === 1 ? 'member' : 'members'}
                </Text>
              </Group>
            </Tooltip>
          ) : (
            <Text size="sm" c="dimmed">
              No members
            </Text>
          )}
        </Group>
        <Group gap={8} wrap="nowrap">
          <IconMapPin size={15} className={classes.icon} />
          <Text size="sm" c={where ? undefined : 'dimmed'} truncate>
            {where ?? 'No location'}
          </Text>
        </Group>
      </Stack>
      <Group justify="space-between" gap="xs" className={classes.foot} wrap="nowrap">
        <Tooltip label={times.dateTime(project.created_at)} withArrow>
          <Group gap={6} wrap="nowrap" miw={0}>
            <IconCalendar size={14} className={classes.icon} />
            <Text size="xs" c="dimmed" truncate>
              {times.date(project.created_at)}
              {project.created_by ? ` by ${project.created_by.name}` : ''}
            </Text>
          </Group>
        </Tooltip>
        {project.metadata.length > 0 && (
          <Tooltip
            label={project.metadata.map((m) => `${m.key}: ${m.value}`).join(' · ')}
            withArrow
            multiline
            maw={300}
          >
            <Badge
              size="sm"
              variant="light"
              color="gray"
              radius="sm"
              tt="none"
              className={classes.metaBadge}
              leftSection={<IconTag size={12} />}
              aria-label={`${project.metadata.length} metadata entries`}
            >
              {project.metadata.length}
            </Badge>
          </Tooltip>
        )}
      </Group>
    </Stack>
  );
}
