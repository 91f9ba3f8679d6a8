/**
 * The triggering sensor's parameter around the moment the alert fired (an hour either side), with the
 * alert pinned AT THE DATA POINT THAT FIRED IT and the threshold as a dashed line.
 */
import type { Alert } from '@ferrite/contracts';
import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { DateTime } from '../../../ui/time';
import { alertMarkPoint, SEVERITY_HEX, thresholdNumbers } from '../../../widgets/alerts/alertMarks';
import type { EChartsOption } from '../../../widgets/echarts';
import { useAlertSeriesQuery } from '../api/pickersApi';
import { SizedChart } from '../common/SizedChart';
import { useOrgId } from '../hooks';

/** How far either side of the firing the chart reaches. */
export const CHART_REACH_MS = 3_600_000;

/** The chart's option: the series, the pin and the threshold lines. */
export function alertChartOption(alert: Alert, points: Array<[number, number]>): EChartsOption {
  const at = Date.parse(alert.triggered_at ?? alert.time);
  const lines = thresholdNumbers(alert.threshold);
  return {
    animation: false,
    grid: { left: 48, right: 24, top: 36, bottom: 28 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', scale: true, name: alert.param_key ?? '', nameTextStyle: { align: 'left' } },
    series: [
      {
        type: 'line',
        name: alert.param_key ?? 'value',
        data: points,
        showSymbol: false,
        lineStyle: { width: 2 },
        color: '#228be6',
        markPoint: alertMarkPoint(
          [
            {
              id: alert.id,
              triggered_at: new Date(at).toISOString(),
              value: alert.value,
              severity: alert.severity,
              description: alert.description,
            },
          ],
          points,
        ),
        markLine: lines.length
          ? {
              symbol: 'none',
              silent: true,
              lineStyle: { type: 'dashed', color: SEVERITY_HEX[alert.severity] },
              label: { formatter: `threshold ${alert.threshold}`, position: 'insideEndTop' },
              data: lines.map((y) => ({ yAxis: y })),
            }
          : undefined,
      },
    ],
  };
}

/** The chart panel; says why when the alert has no sensor to chart. */
export function AlertChart({ alert }: { alert: Alert }) {
  const orgId = useOrgId();
  const sensorId = alert.entity?.kind === 'sensor' ? alert.entity.id : null;
  const at = Date.parse(alert.triggered_at ?? alert.time);
  const window = useMemo(
    () => ({
      from: new Date(at - CHART_REACH_MS).toISOString(),
      to: new Date(Math.min(Date.now() + 60_000, at + CHART_REACH_MS)).toISOString(),
    }),
    [at],
  );
  const series = useAlertSeriesQuery(
    { orgId, sensorId: sensorId ?? '', paramKey: alert.param_key ?? '', ...window },
    { skip: !orgId || !sensorId || !alert.param_key },
  );
  const points = useMemo(
    () => (series.data?.points ?? []).map((p) => [Date.parse(p.ts), p.value] as [number, number]),
    [series.data],
  );
  const option = useMemo(() => alertChartOption(alert, points), [alert, points]);
  // Where the pin stands (its time and value), said in words under the canvas.
  const pin = useMemo(() => {
    const series = (option.series as Array<{ markPoint?: ReturnType<typeof alertMarkPoint> }>)[0];
    return series?.markPoint?.data[0]?.coord ?? null;
  }, [option]);
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={3} size="h5" mb="xs">
        {alert.entity?.name ?? 'Sensor'} · {alert.param_key ?? 'value'}
      </Title>
      {!sensorId || !alert.param_key ? (
        <Text size="sm" c="dimmed">
          This alert was not raised by a sensor reading, so there is no series to chart.
        </Text>
      ) : series.isLoading ? (
        <Skeleton height={260} radius="md" />
      ) : points.length === 0 ? (
        <Text size="sm" c="dimmed">
          No readings around this alert could be read.
        </Text>
      ) : (
        <>
          <SizedChart
            option={option}
            height={260}
            label={`${alert.param_key} around the alert, the firing reading marked`}
          />
          {/* The pin in words, for whoever cannot see the canvas. */}
          {pin && (
            <Text size="xs" c="dimmed" mt={4} data-testid="alert-chart-pin">
              Pinned at the reading that fired it: {alert.param_key} = {pin[1]},{' '}
              <DateTime value={pin[0]} withTime />
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}
