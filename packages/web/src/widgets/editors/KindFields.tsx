/**
 * Each kind's own display settings, described as data and drawn by one form, so a kind's editor is a
 * list of the config fields it reads.
 */
import {
  BOX_GROUPS,
  HEATMAP_LAYOUTS,
  IMAGE_FITS,
  KPI_COMPARISONS,
  MAP_MODES,
  SPARK_STYLES,
  STEP_MODES,
  type WidgetConfig,
  type WidgetKind,
} from '@ferrite/contracts';
import {
  ColorInput,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { WidgetEditorProps } from '../types';

type Field =
  | { key: keyof WidgetConfig; label: string; type: 'switch' | 'text' | 'textarea' | 'color' }
  | {
      key: keyof WidgetConfig;
      label: string;
      type: 'number';
      min?: number;
      max?: number;
      step?: number;
      nullable?: boolean;
    }
  | { key: keyof WidgetConfig; label: string; type: 'select' | 'multi'; options: readonly string[] };

const f = {
  legend: { key: 'show_legend', label: 'Show legend', type: 'switch' },
  grid: { key: 'show_grid', label: 'Show grid lines', type: 'switch' },
  labels: { key: 'show_labels', label: 'Show value labels', type: 'switch' },
  zoom: { key: 'show_data_zoom', label: 'Zoom slider', type: 'switch' },
  bands: { key: 'show_thresholds', label: 'Show threshold bands', type: 'switch' },
  smooth: { key: 'smooth', label: 'Smooth line', type: 'switch' },
  points: { key: 'show_points', label: 'Show points', type: 'switch' },
  horizontal: { key: 'horizontal', label: 'Horizontal', type: 'switch' },
  stacked: { key: 'stacked', label: 'Stack series', type: 'switch' },
  percent: { key: 'percent', label: 'In percent', type: 'switch' },
  fill: { key: 'fill_area', label: 'Fill area', type: 'switch' },
  log: { key: 'y_log', label: 'Logarithmic scale', type: 'switch' },
  yMin: { key: 'y_min', label: 'Axis min', type: 'number', nullable: true },
  yMax: { key: 'y_max', label: 'Axis max', type: 'number', nullable: true },
  marks: { key: 'mark_lines', label: 'Mark lines', type: 'multi', options: ['min', 'max', 'average'] },
  palette: {
    key: 'palette',
    label: 'Palette',
    type: 'select',
    options: ['default', 'ocean', 'sunset', 'forest', 'mono', 'vivid'],
  },
  inner: { key: 'inner_radius', label: 'Inner radius (%)', type: 'number', min: 0, max: 95 },
  startAngle: { key: 'start_angle', label: 'Start angle', type: 'number', min: -360, max: 360 },
  endAngle: { key: 'end_angle', label: 'End angle', type: 'number', min: -360, max: 360 },
  accent: { key: 'accent_color', label: 'Accent colour', type: 'color' },
  commandName: { key: 'command_name', label: 'Command name', type: 'text' },
  commandLabel: { key: 'command_label', label: 'Label', type: 'text' },
  confirm: { key: 'command_confirm', label: 'Confirmation question', type: 'text' },
  cmdMin: { key: 'command_min', label: 'Min', type: 'number' },
  cmdMax: { key: 'command_max', label: 'Max', type: 'number' },
  cmdStep: { key: 'command_step', label: 'Step', type: 'number', min: 0.0001 },
} satisfies Record<string, Field>;

const TIME_CHART: Field[] = [
  f.legend,
  f.grid,
  f.labels,
  f.zoom,
  f.bands,
  f.marks,
  f.log,
  f.yMin,
  f.yMax,
  f.palette,
];

/** The display fields of each kind. */
export const KIND_FIELDS: Record<WidgetKind, Field[]> = {
  line: [f.smooth, f.points, f.fill, ...TIME_CHART],
  area: [f.smooth, f.points, f.stacked, ...TIME_CHART],
  bar: [f.horizontal, f.stacked, ...TIME_CHART],
  column: [f.stacked, ...TIME_CHART],
  stacked: [f.horizontal, f.percent, f.fill, f.smooth, ...TIME_CHART],
  step: [{ key: 'step', label: 'Step at', type: 'select', options: STEP_MODES }, f.points, ...TIME_CHART],
  scatter: [{ key: 'trend_line', label: 'Trend line', type: 'switch' }, ...TIME_CHART],
  pie: [
    f.labels,
    f.legend,
    { key: 'rose', label: 'Rose (radius by value)', type: 'switch' },
    f.startAngle,
    f.endAngle,
    f.palette,
  ],
  donut: [f.labels, f.legend, f.inner, f.startAngle, f.endAngle, f.palette],
  radar: [f.legend, f.fill, { key: 'smooth', label: 'Circular web', type: 'switch' }, f.marks, f.palette],
  gauge: [f.bands, f.startAngle, f.endAngle],
  solid_gauge: [f.bands, f.inner, f.startAngle, f.endAngle],
  kpi: [{ key: 'kpi_compare', label: 'Compare with', type: 'select', options: KPI_COMPARISONS }, f.bands],
  sparkline: [{ key: 'spark_style', label: 'Style', type: 'select', options: SPARK_STYLES }, f.bands],
  status_lamp: [],
  progress: [{ key: 'progress_ring', label: 'Ring', type: 'switch' }, f.bands],
  heatmap: [{ key: 'heatmap_layout', label: 'Layout', type: 'select', options: HEATMAP_LAYOUTS }, f.labels],
  histogram: [{ key: 'bins', label: 'Bins', type: 'number', min: 2, max: 200 }, f.percent, f.labels, f.grid],
  box_plot: [{ key: 'box_group', label: 'Group by', type: 'select', options: BOX_GROUPS }, f.yMin, f.yMax],
  candlestick: [f.zoom, f.yMin, f.yMax],
  table: [
    { key: 'table_rows', label: 'Rows', type: 'number', min: 1, max: 500 },
    { key: 'table_newest_first', label: 'Newest first', type: 'switch' },
    { key: 'table_summary', label: 'Summary (min, max, average, last)', type: 'switch' },
  ],
  map: [
    { key: 'map_mode', label: 'Map', type: 'select', options: MAP_MODES },
    { key: 'map_background', label: 'Plan image URL', type: 'text' },
    f.labels,
    f.grid,
  ],
  text: [
    {
      key: 'text_content',
      label: 'Text (**bold**, *italic*, # heading, - list, [link](https://…), {value})',
      type: 'textarea',
    },
  ],
  image: [
    { key: 'image_url', label: 'Image URL', type: 'text' },
    { key: 'image_alt', label: 'Description for screen readers', type: 'text' },
    { key: 'image_fit', label: 'Fit', type: 'select', options: IMAGE_FITS },
  ],
  button: [f.commandLabel, f.commandName, f.confirm, f.accent],
  switch: [f.commandLabel, f.commandName, f.confirm, f.accent],
  slider: [f.commandLabel, f.commandName, f.cmdMin, f.cmdMax, f.cmdStep, f.confirm, f.accent],
  set_point: [f.commandLabel, f.commandName, f.cmdMin, f.cmdMax, f.cmdStep, f.confirm, f.accent],
};

function FieldControl({
  field,
  config,
  onChange,
}: {
  field: Field;
  config: WidgetConfig;
  onChange: (c: WidgetConfig) => void;
}) {
  const value = config[field.key];
  const set = (v: unknown) => onChange({ ...config, [field.key]: v });
  switch (field.type) {
    case 'switch':
      return (
        <Switch label={field.label} checked={Boolean(value)} onChange={(e) => set(e.currentTarget.checked)} />
      );
    case 'text':
      return (
        <TextInput
          size="xs"
          label={field.label}
          value={String(value ?? '')}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          size="xs"
          label={field.label}
          autosize
          minRows={4}
          value={String(value ?? '')}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'color':
      return (
        <ColorInput
          size="xs"
          label={field.label}
          format="hex"
          value={typeof value === 'string' ? value : ''}
          onChange={(c) => set(c || null)}
        />
      );
    case 'number':
      return (
        <NumberInput
          size="xs"
          label={field.label}
          min={field.min}
          max={field.max}
          step={field.step}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => set(v === '' ? (field.nullable ? null : (field.min ?? 0)) : Number(v))}
        />
      );
    case 'select':
      return (
        <Select
          size="xs"
          label={field.label}
          allowDeselect={false}
          data={[...field.options]}
          value={String(value)}
          onChange={(v) => v && set(v)}
        />
      );
    case 'multi':
      return (
        <MultiSelect
          size="xs"
          label={field.label}
          data={[...field.options]}
          value={value as string[]}
          onChange={set}
        />
      );
  }
}

/** The kind's display fields (KIND_FIELDS[variant.kind]) as a form. */
export function KindFieldsEditor({ variant, config, onChange }: WidgetEditorProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {KIND_FIELDS[variant.kind].map((field) => (
        <FieldControl key={field.key} field={field} config={config} onChange={onChange} />
      ))}
    </SimpleGrid>
  );
}
