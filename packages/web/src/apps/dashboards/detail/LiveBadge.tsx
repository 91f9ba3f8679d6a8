/** How the live connection stands, as a dot and a word with a tooltip (the header of a dashboard). */
import { Text, Tooltip } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { RoomStatus } from '../../../app/socket';
import classes from './Detail.module.css';

const LOOK: Record<RoomStatus, { color: string; label: string; hint: string }> = {
  live: {
    color: 'var(--mantine-color-teal-6)',
    label: 'Live',
    hint: 'Values arrive as the sensors report them',
  },
  connecting: {
    color: 'var(--mantine-color-yellow-6)',
    label: 'Connecting',
    hint: 'Opening the live connection…',
  },
  offline: {
    color: 'var(--mantine-color-orange-6)',
    label: 'Reconnecting',
    hint: 'The live connection dropped; it resumes by itself and the widgets catch up',
  },
  refused: {
    color: 'var(--mantine-color-gray-6)',
    label: 'Not live',
    hint: 'Live updates are not available here',
  },
  idle: { color: 'var(--mantine-color-gray-5)', label: 'Idle', hint: 'Nothing to follow yet' },
};

/** The live badge. */
export function LiveBadge({ status }: { status: RoomStatus }) {
  const look = LOOK[status];
  return (
    <Tooltip label={look.hint} withinPortal openDelay={200}>
      <span
        className={classes.live}
        style={{ '--dot-color': look.color } as CSSProperties}
        data-live-status={status}
        aria-live="polite"
      >
        <span className={classes.dot} data-pulse={status === 'live' || undefined} />
        <Text size="sm" fw={500} c="dimmed">
          {look.label}
        </Text>
      </span>
    </Tooltip>
  );
}
