/**
 * What a widget reads (the spec §3 read query): the newest N raw points, or a time window cut into
 * buckets (aggregate_func over group_interval × group_interval_type).
 */
import {
  TELEMETRY_AGGREGATE_FUNCS,
  TELEMETRY_INTERVAL_TYPES,
  WIDGET_TIME_RANGES,
  type WidgetConfig,
} from '@ferrite/contracts';
import { Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';

const RANGE_LABELS: Record<WidgetConfig['time_range'], string> = {
  '15m': 'Last 15 minutes',
  '1h': 'Last hour',
  '6h': 'Last 6 hours',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
};
const FUNC_LABELS: Record<WidgetConfig['aggregate_func'], string> = {
  avg: 'Average',
  min: 'Minimum',
  max: 'Maximum',
  sum: 'Sum',
  count: 'Count',
  first: 'First',
  last: 'Last',
};

interface QueryFieldsProps {
  config: WidgetConfig;
  onChange: (patch: Partial<WidgetConfig>) => void;
}

/** The read query's fields. */
export function QueryFields({ config, onChange }: QueryFieldsProps) {
  const latest = config.last !== null;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Text size="sm" fw={600}>
          What to read
        </Text>
        <SegmentedControl
          size="xs"
          value={latest ? 'latest' : 'buckets'}
          data={[
            { value: 'latest', label: 'Newest points' },
            { value: 'buckets', label: 'Time buckets' },
          ]}
          onChange={(mode) => onChange({ last: mode === 'latest' ? (config.last ?? 100) : null })}
        />
      </Group>
      {latest ? (
        <NumberInput
          label="Points"
          description="The newest raw values, extended live as they arrive"
          min={1}
          max={10_000}
          value={config.last ?? 100}
          onChange={(value) => onChange({ last: Math.min(10_000, Math.max(1, Number(value) || 1)) })}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Time window"
            allowDeselect={false}
            value={config.time_range}
            data={WIDGET_TIME_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
            onChange={(v) => v && onChange({ time_range: v as WidgetConfig['time_range'] })}
          />
          <Select
            label="Aggregation"
            allowDeselect={false}
            value={config.aggregate_func}
            data={TELEMETRY_AGGREGATE_FUNCS.map((f) => ({ value: f, label: FUNC_LABELS[f] }))}
            onChange={(v) => v && onChange({ aggregate_func: v as WidgetConfig['aggregate_func'] })}
          />
          <NumberInput
            label="Bucket every"
            min={1}
            max={1_000_000}
            value={config.group_interval}
            onChange={(v) => onChange({ group_interval: Math.max(1, Number(v) || 1) })}
          />
          <Select
            label="Bucket unit"
            allowDeselect={false}
            value={config.group_interval_type}
            data={TELEMETRY_INTERVAL_TYPES.map((t) => ({ value: t, label: `${t}s` }))}
            onChange={(v) => v && onChange({ group_interval_type: v as WidgetConfig['group_interval_type'] })}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
