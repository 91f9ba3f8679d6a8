/**
 * The taskbar bell (issue 28): the member's unread in-app alerts, live over the organization's alert
 * room (`alert.notified` naming this member); a critical one also toasts. A click opens the Alerts app on
 * the inbox and marks them read. Shown only to members with the Alerts app.
 */
import { ALERT_SOCKET_EVENTS, type AlertNotifiedEvent } from '@ferrite/contracts';
import { ActionIcon, type FloatingPosition, Indicator, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconBellRinging } from '@tabler/icons-react';
import { useAppDispatch } from '../app/hooks';
import { useSocketRoom } from '../app/socket';
import { bellApi, useBellMarkReadMutation, useBellUnreadQuery } from './alertBellApi';
import classes from './Taskbar.module.css';
import { launchApp } from './thunks';
import { setCurrentSection } from './windowsSlice';

interface AlertBellProps {
  orgId: string;
  userId: string;
  tooltipPosition: FloatingPosition;
}

/** Toasts a critical alert that was sent to this member in-app. */
export function toastCritical(event: AlertNotifiedEvent): void {
  if (event.alert.severity !== 'critical') return;
  notifications.show({
    id: `alert-${event.alert.id}`,
    color: 'red',
    title: `Critical: ${event.alert.alert_rule?.rule_name ?? 'alert'}`,
    message: event.alert.description,
    autoClose: 10_000,
  });
}

/** The bell button with its count. */
export function AlertBell({ orgId, userId, tooltipPosition }: AlertBellProps) {
  const dispatch = useAppDispatch();
  const unread = useBellUnreadQuery({ orgId }, { skip: !orgId }).data?.unread ?? 0;
  const [markRead] = useBellMarkReadMutation();
  useSocketRoom(orgId ? { kind: 'orgAlerts', orgId } : null, {
    [ALERT_SOCKET_EVENTS.notified]: (event: AlertNotifiedEvent) => {
      if (!event.user_ids.includes(userId)) return;
      // Count it at once; the next read confirms the number.
      dispatch(
        bellApi.util.updateQueryData('bellUnread', { orgId }, (draft) => {
          draft.unread += 1;
        }),
      );
      dispatch(bellApi.util.invalidateTags(['AlertBell']));
      toastCritical(event);
    },
  });
  const open = () => {
    dispatch(launchApp('alerts'));
    dispatch(setCurrentSection({ appKey: 'alerts', section: 'inbox' }));
    if (unread > 0) void markRead({ orgId });
  };
  const label = unread ? `Alerts: ${unread} unread` : 'Alerts: nothing unread';
  return (
    <Tooltip label={label} position={tooltipPosition} withArrow>
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={16}
        color="red"
        disabled={unread === 0}
        offset={6}
        data-testid="alert-bell-count"
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size={40}
          radius="md"
          className={classes.tool}
          aria-label={label}
          onClick={open}
          data-testid="alert-bell"
        >
          {unread ? <IconBellRinging size={22} stroke={1.6} /> : <IconBell size={22} stroke={1.6} />}
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
