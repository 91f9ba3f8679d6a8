/**
 * How the live connection and the open panel's reads stand, as a dot and a word with a tooltip (the
 * header of a dashboard). Green "Live" only when the socket is up and the widgets read; failing reads
 * make it amber "Partly live" (some) or red "Offline" (all), a dropped socket red "Offline".
 */
import { Text, Tooltip } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { RoomStatus } from '../../app/socket';
import type { ReadSummary } from '../canvas/readHealth';
import classes from './LiveBadge.module.css';

export interface LiveLook {
  color: string;
  label: string;
  hint: string;
  /** Whether the dot pulses (values are arriving). */
  pulse: boolean;
}

const LOOK: Record<RoomStatus, Omit<LiveLook, 'pulse'>> = {
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
    color: 'var(--mantine-color-red-6)',
    label: 'Offline',
    hint: 'The live connection dropped: values shown are not updating. It reconnects by itself and the widgets catch up',
  },
  refused: {
    color: 'var(--mantine-color-gray-6)',
    label: 'Not live',
    hint: 'Live updates are not available here',
  },
  idle: { color: 'var(--mantine-color-gray-5)', label: 'Idle', hint: 'Nothing to follow yet' },
};

const plural = (n: number) => (n === 1 ? '1 widget' : `${n} widgets`);

/** The badge's look for the connection's status and the open panel's reads. */
export function liveLook(status: RoomStatus, reads?: ReadSummary): LiveLook {
  const base = LOOK[status];
  if (status === 'offline' || status === 'refused' || !reads || reads.failed === 0)
    return { ...base, pulse: status === 'live' };
  const why = reads.reason ? ` (${reads.reason})` : '';
  if (reads.failed >= reads.read)
    return {
      color: 'var(--mantine-color-red-6)',
      label: 'Offline',
      hint: `No widget could be read${why}: values shown are not current`,
      pulse: false,
    };
  return {
    color: 'var(--mantine-color-orange-6)',
    label: 'Partly live',
    hint: `${plural(reads.failed)} of ${reads.read} could not be read${why}; the others are live`,
    pulse: false,
  };
}

/** The live badge. */
export function LiveBadge({ status, reads }: { status: RoomStatus; reads?: ReadSummary }) {
  const look = liveLook(status, reads);
  return (
    <Tooltip label={look.hint} withinPortal openDelay={200} multiline maw={320}>
      <span
        className={classes.live}
        style={{ '--dot-color': look.color } as CSSProperties}
        data-live-status={status}
        data-live-label={look.label}
        role="status"
        aria-label={`${look.label}: ${look.hint}`}
      >
        <span className={classes.dot} data-pulse={look.pulse || undefined} />
        <Text size="sm" fw={500} c="dimmed">
          {look.label}
        </Text>
      </span>
    </Tooltip>
  );
}
