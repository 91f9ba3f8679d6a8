/**
 * The widget config editor: General (title and its text), Display (the kind's own fields), Data (the
 * read query), Series, Thresholds, Colour stops and Text, showing only the tabs the kind uses.
 */
import {
  TELEMETRY_AGGREGATE_FUNCS,
  TELEMETRY_INTERVAL_TYPES,
  WIDGET_DATA_TYPES,
  WIDGET_TIME_RANGES,
  type WidgetConfig,
} from '@ferrite/contracts';
import { NumberInput, Select, SimpleGrid, Stack, Switch, Tabs, TextInput } from '@mantine/core';
import { useCallback } from 'react';
import { TextSettingsEditor } from '../../ui/TextSettingsEditor';
import { ThresholdEditor } from '../../ui/ThresholdEditor';
import { widgetDefinition } from '../registry';
import type { WidgetEditorProps } from '../types';
import { ColorStopsEditor } from './ColorStopsEditor';
import { SeriesEditor } from './SeriesEditor';

const TIME_RANGE_LABELS: Record<WidgetConfig['time_range'], string> = {
  '15m': 'Last 15 minutes',
  '1h': 'Last hour',
  '6h': 'Last 6 hours',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
};

function DataFields({ config, set }: { config: WidgetConfig; set: (patch: Partial<WidgetConfig>) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Time range"
        allowDeselect={false}
        value={config.time_range}
        data={WIDGET_TIME_RANGES.map((r) => ({ value: r, label: TIME_RANGE_LABELS[r] }))}
        onChange={(v) => v && set({ time_range: v as WidgetConfig['time_range'] })}
      />
      <Select
        label="Aggregate"
        allowDeselect={false}
        value={config.aggregate_func}
        data={[...TELEMETRY_AGGREGATE_FUNCS]}
        onChange={(v) => v && set({ aggregate_func: v as WidgetConfig['aggregate_func'] })}
      />
      <NumberInput
        label="Group every"
        min={1}
        value={config.group_interval}
        onChange={(v) => set({ group_interval: Math.max(1, Number(v) || 1) })}
      />
      <Select
        label="Group unit"
        allowDeselect={false}
        value={config.group_interval_type}
        data={[...TELEMETRY_INTERVAL_TYPES]}
        onChange={(v) => v && set({ group_interval_type: v as WidgetConfig['group_interval_type'] })}
      />
      <NumberInput
        label="Newest raw points (empty for buckets)"
        min={1}
        max={10_000}
        value={config.last ?? ''}
        onChange={(v) => set({ last: v === '' ? null : Math.max(1, Number(v) || 1) })}
      />
      <Select
        label="Data type"
        allowDeselect={false}
        value={config.data_type}
        data={[...WIDGET_DATA_TYPES]}
        onChange={(v) => v && set({ data_type: v as WidgetConfig['data_type'] })}
      />
      <TextInput label="Unit" value={config.unit} onChange={(e) => set({ unit: e.currentTarget.value })} />
      <NumberInput
        label="Decimals"
        min={0}
        max={6}
        value={config.decimals}
        onChange={(v) => set({ decimals: Math.min(6, Math.max(0, Number(v) || 0)) })}
      />
    </SimpleGrid>
  );
}

/** Every setting of one widget, in tabs. */
export function WidgetConfigEditor({ variant, config, onChange }: WidgetEditorProps) {
  const definition = widgetDefinition(variant.kind);
  const set = useCallback(
    (patch: Partial<WidgetConfig>) => onChange({ ...config, ...patch }),
    [config, onChange],
  );
  const setThresholds = useCallback(
    (thresholds: WidgetConfig['thresholds']) => onChange({ ...config, thresholds }),
    [config, onChange],
  );
  const tabs = definition.editorTabs;
  const Editor = definition.Editor;
  return (
    <Tabs defaultValue="general" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="general">General</Tabs.Tab>
        {Editor ? <Tabs.Tab value="display">Display</Tabs.Tab> : null}
        {tabs.includes('data') ? <Tabs.Tab value="data">Data</Tabs.Tab> : null}
        {tabs.includes('series') ? <Tabs.Tab value="series">Series</Tabs.Tab> : null}
        {tabs.includes('thresholds') ? <Tabs.Tab value="thresholds">Thresholds</Tabs.Tab> : null}
        {tabs.includes('stops') ? <Tabs.Tab value="stops">Colour stops</Tabs.Tab> : null}
        {tabs.includes('text') ? <Tabs.Tab value="text">Text</Tabs.Tab> : null}
      </Tabs.List>
      <Tabs.Panel value="general" pt="sm">
        <Stack gap="sm">
          <TextInput
            label="Title"
            value={config.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
          />
          <Switch
            label="Show title"
            checked={config.show_title}
            onChange={(e) => set({ show_title: e.currentTarget.checked })}
          />
          <TextSettingsEditor
            label="Title text"
            value={config.title_settings}
            onChange={(title_settings) => set({ title_settings })}
          />
        </Stack>
      </Tabs.Panel>
      {Editor ? (
        <Tabs.Panel value="display" pt="sm">
          <Editor variant={variant} config={config} onChange={onChange} />
        </Tabs.Panel>
      ) : null}
      <Tabs.Panel value="data" pt="sm">
        <DataFields config={config} set={set} />
      </Tabs.Panel>
      <Tabs.Panel value="series" pt="sm">
        <SeriesEditor
          series={config.series}
          max={variant.kind === 'scatter' ? 2 : 20}
          onChange={(series) => set({ series })}
        />
      </Tabs.Panel>
      <Tabs.Panel value="thresholds" pt="sm">
        <ThresholdEditor
          rows={config.thresholds}
          dataType={config.data_type}
          entireRange={config.entire_range}
          onChange={setThresholds}
          onEntireRangeChange={(entire_range) => set({ entire_range })}
        />
      </Tabs.Panel>
      <Tabs.Panel value="stops" pt="sm">
        <ColorStopsEditor stops={config.color_stops} onChange={(color_stops) => set({ color_stops })} />
      </Tabs.Panel>
      <Tabs.Panel value="text" pt="sm">
        <TextSettingsEditor
          value={config.text_settings}
          onChange={(text_settings) => set({ text_settings })}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
