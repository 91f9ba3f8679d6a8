/**
 * Backtest: when the rule would have fired over the last 7 days of history (POST rules/backtest), as a
 * timeline (one row per sensor, a dot per firing) and a count per sensor.
 */
import { type AlertSeverity, BACKTEST_MAX_DAYS, type RuleBacktest, type RuleData } from '@ferrite/contracts';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { SEVERITY_HEX } from '../../../widgets/alerts/alertMarks';
import type { EChartsOption } from '../../../widgets/echarts';
import { useBacktestRuleMutation } from '../api/rulesApi';
import { SizedChart } from '../common/SizedChart';
import { problemOf, useOrgId } from '../hooks';

/** The timeline's option: sensors as rows, firings as dots at their time. */
export function backtestOption(result: RuleBacktest, severity: AlertSeverity): EChartsOption {
  const names = [...new Set(result.sensors.map((s) => s.sensor_name))];
  return {
    animation: false,
    grid: { left: 110, right: 16, top: 12, bottom: 28 },
    tooltip: {
      trigger: 'item',
      formatter: (p: unknown) => {
        const point = p as { data: [number, string, number] };
        return `${point.data[1]}<br/>${new Date(point.data[0]).toLocaleString()}<br/>value ${point.data[2]}`;
      },
    },
    xAxis: { type: 'time', min: Date.parse(result.from), max: Date.parse(result.to) },
    yAxis: { type: 'category', data: names, axisLabel: { width: 100, overflow: 'truncate', fontSize: 10 } },
    series: [
      {
        type: 'scatter',
        symbolSize: 9,
        itemStyle: { color: SEVERITY_HEX[severity] },
        data: result.firings.map((f) => [Date.parse(f.fired_at), f.sensor_name, f.value]),
      },
    ],
  };
}

/** The button and, after a run, the chart and counts. */
export function BacktestPanel({ data, severity }: { data: RuleData | null; severity: AlertSeverity }) {
  const orgId = useOrgId();
  const [run, state] = useBacktestRuleMutation();
  const [result, setResult] = useState<RuleBacktest | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const option = useMemo(() => (result ? backtestOption(result, severity) : null), [result, severity]);
  const start = async () => {
    if (!data) return;
    setFailed(null);
    try {
      setResult(await run({ orgId, data, days: BACKTEST_MAX_DAYS }).unwrap());
    } catch (error) {
      const problem = problemOf(error);
      setFailed(problem.errors?.[0]?.message ?? problem.title);
    }
  };
  const rows = Math.max(1, new Set(result?.sensors.map((s) => s.sensor_name)).size);
  return (
    <Stack gap="xs" data-testid="rule-backtest">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Replays the last {BACKTEST_MAX_DAYS} days of history through the rule.
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconHistory size={14} />}
          onClick={() => void start()}
          loading={state.isLoading}
          disabled={!data}
        >
          Run backtest
        </Button>
      </Group>
      {failed && (
        <Text size="xs" c="red">
          {failed}
        </Text>
      )}
      {result && option && (
        <>
          <Text size="sm">
            Would have fired <b>{result.firings.length}</b> {result.firings.length === 1 ? 'time' : 'times'}{' '}
            over {result.evaluated_points.toLocaleString()} values.
          </Text>
          {result.firings.length > 0 && (
            <SizedChart
              option={option}
              height={Math.min(260, 50 + rows * 26)}
              label="When the rule would have fired"
            />
          )}
          <Group gap={6}>
            {result.sensors
              .filter((s) => s.firings > 0)
              .map((s) => (
                <Badge key={s.sensor_id} variant="light" color="gray" tt="none">
                  {s.sensor_name}: {s.firings}
                </Badge>
              ))}
          </Group>
        </>
      )}
    </Stack>
  );
}
