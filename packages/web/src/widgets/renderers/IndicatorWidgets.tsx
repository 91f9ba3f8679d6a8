/** HTML renderers of the KPI number, status lamp and progress kinds (threshold colours, spec §3). */
import { resolveEntireRange, thresholdForValue } from '@ferrite/contracts';
import { Progress, RingProgress, Text } from '@mantine/core';
import { valueColor } from '../charts/gauges';
import { formatDelta, formatValue } from '../data/format';
import { comparisonValue, latestValue } from '../data/prepare';
import { estimateTextWidth } from '../textWidth';
import { drawnTextColor, WIDGET_COLORS } from '../theme';
import type { WidgetRendererProps } from '../types';
import { useChartContext } from '../useChartContext';
import { WidgetFrame } from '../WidgetFrame';
import classes from '../widgets.module.css';

/** The latest value big, coloured by its threshold or colour stop, with its change when asked. */
export function KpiWidget(props: WidgetRendererProps) {
  const ctx = useChartContext(props);
  const { config } = ctx;
  const value = latestValue(ctx.series[0]);
  const before = comparisonValue(ctx.series[0], config.kpi_compare);
  const delta = value !== null && before !== null ? value - before : null;
  const row = thresholdForValue(value, config.thresholds, config.data_type);
  const text = formatValue(value, config.decimals, config.unit);
  // On one line, as large as the card allows for the widest value it shows (the range's ends too, so
  // the number does not change size as it changes length).
  const { min, max } = resolveEntireRange(config.entire_range);
  const widest = Math.max(
    ...[
      text,
      formatValue(min, config.decimals, config.unit),
      formatValue(max, config.decimals, config.unit),
    ].map((t) => estimateTextWidth(t, 1, true)),
  );
  // The change and the range text each take a line (about 22 px and the 6 px gap) under the number.
  const lines = (delta !== null ? 28 : 0) + (row?.rangeText ? 28 : 0);
  const size = Math.max(12, Math.min(56, ((ctx.height - 16 - lines) / 1.1) * 0.8, (ctx.width - 24) / widest));
  return (
    <WidgetFrame props={props}>
      <div className={classes.centered}>
        <span
          className={classes.kpiValue}
          style={{
            fontSize: size,
            color: drawnTextColor(valueColor(value, config, WIDGET_COLORS[ctx.theme].text), ctx.theme),
          }}
          data-testid="kpi-value"
        >
          {text}
        </span>
        {delta !== null ? (
          <span className={delta >= 0 ? classes.up : classes.down} data-testid="kpi-delta">
            {formatDelta(delta, config.decimals)}{' '}
            {config.kpi_compare === 'previous' ? 'since last reading' : 'in this window'}
          </span>
        ) : null}
        {row?.rangeText ? <span className={classes.muted}>{row.rangeText}</span> : null}
      </div>
    </WidgetFrame>
  );
}

/** A circle, square or triangle in the colour of the value's threshold row, with its range text. */
export function StatusLampWidget(props: WidgetRendererProps) {
  const ctx = useChartContext(props);
  const { config } = ctx;
  const value = latestValue(ctx.series[0]);
  const row = thresholdForValue(value, config.thresholds, config.data_type);
  const color = row?.shapeColor ?? row?.color ?? WIDGET_COLORS[ctx.theme].track;
  const size = Math.max(20, Math.min(ctx.width, ctx.height - 30) * 0.6);
  const label =
    row?.rangeText || (value === null ? 'No data' : formatValue(value, config.decimals, config.unit));
  return (
    <WidgetFrame props={props}>
      <div className={classes.centered}>
        <svg
          width={size}
          height={size}
          viewBox="0 0 100 100"
          role="img"
          aria-label={`Status: ${label}`}
          className={classes.lamp}
          style={{ ['--lamp-color' as string]: color }}
        >
          {row?.shapeType === 'square' ? (
            <rect x="8" y="8" width="84" height="84" rx="10" fill={color} />
          ) : row?.shapeType === 'triangle' ? (
            <polygon points="50,6 94,90 6,90" fill={color} strokeLinejoin="round" />
          ) : (
            <circle cx="50" cy="50" r="44" fill={color} />
          )}
        </svg>
        <Text size="sm" fw={600} data-testid="lamp-label">
          {label}
        </Text>
      </div>
    </WidgetFrame>
  );
}

/** The latest value's share of the entire range, as a bar or a ring. */
export function ProgressWidget(props: WidgetRendererProps) {
  const ctx = useChartContext(props);
  const { config } = ctx;
  const value = latestValue(ctx.series[0]);
  const { min, max } = resolveEntireRange(config.entire_range);
  const percent = value === null ? 0 : Math.min(100, Math.max(0, ((value - min) / (max - min || 1)) * 100));
  const color = valueColor(value, config, 'var(--mantine-primary-color-filled)');
  const text = formatValue(value, config.decimals, config.unit);
  return (
    <WidgetFrame props={props}>
      <div className={classes.centered}>
        {config.progress_ring ? (
          <RingProgress
            size={Math.max(60, Math.min(ctx.width, ctx.height) - 16)}
            thickness={Math.max(6, Math.min(ctx.width, ctx.height) * 0.09)}
            roundCaps
            sections={[{ value: percent, color }]}
            label={
              <Text ta="center" fw={700}>
                {text}
              </Text>
            }
            aria-label={`${Math.round(percent)}%`}
          />
        ) : (
          <div style={{ width: '100%' }}>
            <Text fw={700} size="lg">
              {text}
            </Text>
            <Progress
              value={percent}
              color={color}
              size="lg"
              radius="xl"
              aria-label={`${Math.round(percent)}%`}
            />
            <Text size="xs" c="dimmed" ta="right">
              {Math.round(percent)}%
            </Text>
          </div>
        )}
      </div>
    </WidgetFrame>
  );
}
