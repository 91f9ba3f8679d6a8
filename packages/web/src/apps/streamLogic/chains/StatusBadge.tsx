/** A chain's status as a badge: running (teal, a live dot), disabled (gray), failing (red). */
import type { PipelineStatus } from '@ferrite/contracts';
import { Badge } from '@mantine/core';

const LOOK: Record<PipelineStatus, { color: string; label: string }> = {
  running: { color: 'teal', label: 'Running' },
  disabled: { color: 'gray', label: 'Disabled' },
  failing: { color: 'red', label: 'Failing' },
};

/** The status badge of a chain. */
export function StatusBadge({ status }: { status: PipelineStatus }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="light" radius="sm" data-status={status}>
      {look.label}
    </Badge>
  );
}
