/**
 * What happened to an alert, newest first: its state changes and comments (events), and every message
 * sent about it (notifications: medium, recipient, delivery status and attempts).
 */
import type { AlertEvent, AlertMedium, AlertNotification, NotificationStatus } from '@ferrite/contracts';
import { MEDIUM_LABELS } from '@ferrite/contracts';
import { Badge, Group, Timeline as MantineTimeline, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconBell,
  IconBrandWhatsapp,
  IconCheck,
  IconCircleCheck,
  IconFlame,
  IconMail,
  IconMessage,
  IconMessageCircle,
  IconPoint,
  IconRobot,
  IconTrendingUp,
  IconUser,
  IconZzz,
  type TablerIcon,
} from '@tabler/icons-react';
import { DateTime } from '../../../ui/time';

const MEDIUM_ICONS: Record<AlertMedium, TablerIcon> = {
  sms: IconMessage,
  whatsapp: IconBrandWhatsapp,
  email: IconMail,
  in_app: IconBell,
};
const EVENT_ICONS: Partial<Record<AlertEvent['kind'], TablerIcon>> = {
  fired: IconFlame,
  acknowledged: IconCheck,
  cleared: IconCircleCheck,
  resolved: IconCircleCheck,
  comment: IconMessageCircle,
  assigned: IconUser,
  snoozed: IconZzz,
  escalated: IconTrendingUp,
  automation: IconRobot,
};
const DELIVERY_COLORS: Record<NotificationStatus, string> = {
  queued: 'gray',
  sent: 'teal',
  failed: 'red',
  retrying: 'orange',
  muted: 'grape',
};

type Entry = { at: string; key: string; event?: AlertEvent; notification?: AlertNotification };

/** Events and notifications on one line of time, newest first. */
export function mergeTimeline(events: AlertEvent[], notifications: AlertNotification[]): Entry[] {
  const entries: Entry[] = [
    ...events.map((event) => ({ at: event.at, key: `e${event.id}`, event })),
    ...notifications.map((n) => ({ at: n.sent_at ?? n.created_at, key: `n${n.id}`, notification: n })),
  ];
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

function NotificationLine({ n }: { n: AlertNotification }) {
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600}>
          {MEDIUM_LABELS[n.medium]} to {n.recipient}
        </Text>
        <Badge size="xs" variant="light" color={DELIVERY_COLORS[n.status]} data-delivery={n.status}>
          {n.status}
        </Badge>
        {n.step > 0 && (
          <Badge size="xs" variant="outline" color="orange">
            escalation {n.step}
          </Badge>
        )}
        {n.round > 0 && (
          <Badge size="xs" variant="outline" color="gray">
            repeat {n.round}
          </Badge>
        )}
      </Group>
      {(n.attempts > 1 || n.last_error) && (
        <Text size="xs" c="dimmed">
          {n.attempts} attempts{n.last_error ? ` · ${n.last_error}` : ''}
        </Text>
      )}
    </Stack>
  );
}

/** The timeline, skeletons while loading. */
export function AlertTimelineView({
  events,
  notifications,
}: {
  events?: AlertEvent[];
  notifications?: AlertNotification[];
}) {
  if (!events || !notifications)
    return (
      <Stack gap="sm">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={32} radius="sm" />
        ))}
      </Stack>
    );
  const entries = mergeTimeline(events, notifications);
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing has happened to this alert yet.
      </Text>
    );
  return (
    <MantineTimeline bulletSize={24} lineWidth={2} active={-1}>
      {entries.map(({ key, at, event, notification }) => {
        const Icon = notification
          ? MEDIUM_ICONS[notification.medium]
          : (EVENT_ICONS[event?.kind ?? 'fired'] ?? IconPoint);
        return (
          <MantineTimeline.Item
            key={key}
            bullet={<Icon size={13} />}
            data-timeline={event?.kind ?? 'notification'}
          >
            {notification ? (
              <NotificationLine n={notification} />
            ) : (
              <Text size="sm">
                {event?.actor && <b>{event.actor.name} </b>}
                {event?.text}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              <DateTime value={at} withTime />
            </Text>
          </MantineTimeline.Item>
        );
      })}
    </MantineTimeline>
  );
}
