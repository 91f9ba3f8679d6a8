/** The taskbar clock: time, with the date beside it (or in a tooltip on a narrow bar). */
import { type FloatingPosition, Stack, Text, Tooltip } from '@mantine/core';
import { formatDate, formatTime, useNow } from './useNow';

interface ClockProps {
  compact?: boolean;
  tooltipPosition: FloatingPosition;
}

/** Time and short date; compact shows the time only. */
export function Clock({ compact, tooltipPosition }: ClockProps) {
  const now = useNow();
  const shortDate = now.toLocaleDateString([], { day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <Tooltip label={formatDate(now)} position={tooltipPosition} withArrow>
      <Stack
        gap={0}
        align={compact ? 'center' : 'flex-end'}
        ta={compact ? 'center' : undefined}
        px={compact ? 0 : 6}
        data-testid="clock"
      >
        <Text
          component="time"
          dateTime={now.toISOString()}
          fz={compact ? 12 : 13}
          fw={600}
          c="#e9eef5"
          lh={1.3}
        >
          {formatTime(now)}
        </Text>
        {!compact && (
          <Text fz={11} c="rgba(233, 238, 245, 0.7)" lh={1.3}>
            {shortDate}
          </Text>
        )}
      </Stack>
    </Tooltip>
  );
}
