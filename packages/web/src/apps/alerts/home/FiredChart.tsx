/** How many alerts fired in each of the last 24 hours, as small bars. */
import type { AlertSummary } from '@ferrite/contracts';
import { Skeleton, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { EChartsOption } from '../../../widgets/echarts';
import { SizedChart } from '../common/SizedChart';

/** The option of the fired-per-hour bars. */
export function firedOption(hours: AlertSummary['fired_per_hour']): EChartsOption {
  return {
    animation: false,
    grid: { left: 28, right: 8, top: 8, bottom: 20 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      // The hour of the reader's clock each bar starts at: a label of the axis, not a date.
      data: hours.map((h) => `${String(new Date(h.hour).getHours()).padStart(2, '0')}:00`),
      axisLabel: { fontSize: 10, interval: 5 },
      axisTick: { show: false },
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: 10 }, splitNumber: 2 },
    series: [
      {
        type: 'bar',
        name: 'Fired',
        data: hours.map((h) => h.count),
        itemStyle: { color: '#fa5252', borderRadius: [2, 2, 0, 0] },
        barMaxWidth: 14,
      },
    ],
  };
}

/** The bars, or a skeleton while loading. */
export function FiredChart({ summary }: { summary: AlertSummary | undefined }) {
  const hours = summary?.fired_per_hour;
  const option = useMemo(() => firedOption(hours ?? []), [hours]);
  if (!summary) return <Skeleton height={120} radius="md" />;
  const total = (hours ?? []).reduce((sum, h) => sum + h.count, 0);
  return (
    <div>
      <SizedChart
        option={option}
        height={120}
        label={`Alerts fired per hour, ${total} in the last 24 hours`}
      />
      <Text size="xs" c="dimmed" ta="right">
        {total} fired in the last 24 hours
      </Text>
    </div>
  );
}
