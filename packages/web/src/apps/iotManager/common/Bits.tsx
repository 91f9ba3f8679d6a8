/** Small pieces the IoT Manager's screens share: status and protocol badges, copyable values. */
import type { GatewayProtocol, GatewayStatus, GatewayType } from '@ferrite/contracts';
import { ActionIcon, Badge, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatRelative, useTimes } from '../../../ui/time';
import classes from './IoT.module.css';
import { PROTOCOL_COLORS } from './labels';

/** Online in green with a pulsing dot, offline in grey; the tooltip says when it was last heard from. */
export function StatusBadge({
  status,
  lastSeenAt,
  size = 'sm',
}: {
  status: GatewayStatus;
  lastSeenAt: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  const times = useTimes();
  const online = status === 'online';
  return (
    <Tooltip
      label={lastSeenAt ? `Last seen ${times.dateTime(lastSeenAt)}` : 'Never heard from'}
      withArrow
      openDelay={300}
    >
      <Badge
        size={size}
        radius="sm"
        variant="light"
        color={online ? 'teal' : 'gray'}
        tt="none"
        leftSection={<span className={classes.dot} data-online={online || undefined} />}
        data-status={status}
      >
        {online ? 'Online' : 'Offline'}
      </Badge>
    </Tooltip>
  );
}

/** 'last seen 3 min ago' in dimmed text, or 'never seen'. */
export function LastSeen({ at }: { at: string | null }) {
  return (
    <Text size="xs" c="dimmed" title={at ?? undefined}>
      {at ? `seen ${formatRelative(at)}` : 'never seen'}
    </Text>
  );
}

/** The type and the protocol as two small badges: 'MQTT', 'HTTPS · CoAP'. */
export function ProtocolBadges({ type, protocol }: { type: GatewayType; protocol: GatewayProtocol }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge size="sm" radius="sm" variant="outline" color="gray" tt="none">
        {type}
      </Badge>
      {protocol !== type && (
        <Badge size="sm" radius="sm" variant="light" color={PROTOCOL_COLORS[protocol]} tt="none">
          {protocol}
        </Badge>
      )}
    </Group>
  );
}

/** A button copying a text, with 'Copied' feedback. */
export function CopyIcon({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={`Copy ${label}`}
            size="sm"
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** A labelled value in monospace with a copy button, as in a credentials sheet. */
export function CopyField({
  label,
  value,
  hint,
  copyable = true,
}: {
  label: string;
  value: string;
  hint?: ReactNode;
  /** False for facts nobody pastes anywhere (a timeout, a date). */
  copyable?: boolean;
}) {
  return (
    <div className={classes.field} data-field={label}>
      <Text size="xs" c="dimmed" fw={600} className={classes.fieldLabel}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" justify="space-between">
        <Text size="sm" className={classes.mono} truncate title={value}>
          {value || '—'}
        </Text>
        {value && copyable && <CopyIcon value={value} label={label.toLowerCase()} />}
      </Group>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </div>
  );
}
