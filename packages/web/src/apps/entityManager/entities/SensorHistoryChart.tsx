/**
 * One parameter's history as a line of average buckets (GET …/parameters/{paramKey}/data) that follows
 * the sensor's live values (useLiveHistory), with a parameter and a range picker. echarts-for-react loads
 * on demand, keeping the app chunk light.
 */
import { type Entity, MESSAGES } from '@ferrite/contracts';
import {
  Alert,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  useComputedColorScheme,
  useMantineTheme,
} from '@mantine/core';
import type { EChartsOption } from 'echarts';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useOrgId } from '../hooks';
import { RANGE_SPECS, SENSOR_RANGES, type SensorRange } from './sensorRanges';
import { useLiveHistory } from './useLiveHistory';

const ReactECharts = lazy(() => import('echarts-for-react'));

const CHART_HEIGHT = 240;
const RANGE_OPTIONS = SENSOR_RANGES.map((value) => ({ value, label: RANGE_SPECS[value].label }));

type Parameter = Entity['parameters'][number];

function ChartSkeleton() {
  return <Skeleton height={CHART_HEIGHT} radius="md" data-testid="sensor-chart-loading" />;
}

/** The picker row and the chart of the chosen parameter. */
export function SensorHistoryChart({ sensorId, parameters }: { sensorId: string; parameters: Parameter[] }) {
  const orgId = useOrgId();
  const [paramKey, setParamKey] = useState(parameters[0]?.key ?? '');
  // The last hour first: what the card's live values just did, in one-minute buckets.
  const [range, setRange] = useState<SensorRange>('hour');
  const parameter = parameters.find((p) => p.key === paramKey) ?? parameters[0];
  const history = useLiveHistory({ orgId, sensorId, paramKey: parameter?.key ?? '', range });
  if (!parameter) return null;

  const picker =
    parameters.length <= 4 ? (
      <SegmentedControl
        size="xs"
        aria-label="Parameter"
        value={parameter.key}
        onChange={setParamKey}
        data={parameters.map((p) => p.key)}
      />
    ) : (
      <Select
        size="xs"
        aria-label="Parameter"
        value={parameter.key}
        onChange={(value) => value && setParamKey(value)}
        data={parameters.map((p) => p.key)}
        allowDeselect={false}
        searchable
      />
    );

  let body: ReactNode;
  if (history.isError) {
    body = (
      <Alert color="red" variant="light">
        {MESSAGES.widgetLoadError}
      </Alert>
    );
  } else if (!history.points) {
    body = <ChartSkeleton />;
  } else if (history.points.length === 0) {
    body = (
      <Text size="sm" c="dimmed" ta="center" py="xl">
        No readings of {parameter.key} in this range.
      </Text>
    );
  } else {
    body = (
      <Suspense fallback={<ChartSkeleton />}>
        <HistoryLine points={history.points} parameter={parameter} />
      </Suspense>
    );
  }

  return (
    <Stack gap="xs" data-testid="sensor-history">
      <Group justify="space-between" gap="xs">
        {picker}
        <Select
          size="xs"
          w={150}
          aria-label="Range"
          value={range}
          onChange={(value) => value && setRange(value as SensorRange)}
          data={RANGE_OPTIONS}
          allowDeselect={false}
        />
      </Group>
      {body}
    </Stack>
  );
}

function HistoryLine({
  points,
  parameter,
}: {
  points: { ts: string; value: number }[];
  parameter: Parameter;
}) {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const option = useMemo<EChartsOption>(() => {
    const text = dark ? theme.colors.dark[1] : theme.colors.gray[7];
    const grid = dark ? theme.colors.dark[4] : theme.colors.gray[2];
    const line = theme.colors[theme.primaryColor]?.[dark ? 4 : 6] ?? theme.colors.blue[6];
    return {
      backgroundColor: 'transparent',
      grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        backgroundColor: dark ? theme.colors.dark[6] : theme.white,
        borderColor: grid,
        textStyle: { color: dark ? theme.colors.dark[0] : theme.black },
        valueFormatter: (value) =>
          typeof value === 'number'
            ? `${value.toLocaleString('en', { maximumFractionDigits: 3 })}${parameter.unit ? ` ${parameter.unit}` : ''}`
            : String(value),
      },
      xAxis: {
        type: 'time',
        axisLabel: { color: text },
        axisLine: { lineStyle: { color: grid } },
      },
      yAxis: {
        type: 'value',
        name: parameter.unit,
        nameTextStyle: { color: text },
        axisLabel: { color: text },
        splitLine: { lineStyle: { color: grid } },
        scale: true,
      },
      series: [
        {
          name: parameter.key,
          type: 'line',
          showSymbol: points.length < 60,
          smooth: false,
          lineStyle: { color: line, width: 2 },
          itemStyle: { color: line },
          areaStyle: { color: line, opacity: 0.08 },
          data: points.map((p) => [p.ts, p.value]),
        },
      ],
    };
  }, [dark, theme, points, parameter]);
  return (
    // Merged, not replaced: a live value moves the line instead of drawing it again from the left.
    <ReactECharts
      option={option}
      style={{ height: CHART_HEIGHT, width: '100%' }}
      theme={dark ? 'dark' : undefined}
    />
  );
}
