/**
 * The widget kinds registry: for each kind its on-screen renderer, its image-export drawing (an ECharts
 * option) and its config editor. Adding a kind = a contracts kind + presets, and one entry here.
 */
import type { WidgetKind } from '@ferrite/contracts';
import { CHART_BUILDERS } from './charts/builders';
import {
  controlSnapshot,
  imageSnapshot,
  kpiSnapshot,
  lampSnapshot,
  progressSnapshot,
  tableRows,
  tableSnapshot,
  textSnapshot,
} from './charts/snapshots';
import { KIND_FIELDS, KindFieldsEditor } from './editors/KindFields';
import { ChartWidget } from './renderers/ChartWidget';
import { CommandWidget } from './renderers/CommandWidgets';
import { ImageWidget, TableWidget, TextWidget } from './renderers/ContentWidgets';
import { KpiWidget, ProgressWidget, StatusLampWidget } from './renderers/IndicatorWidgets';
import type { ChartContext, WidgetKindDefinition } from './types';

type Tabs = WidgetKindDefinition['editorTabs'];
const SERIES_CHART: Tabs = ['data', 'series', 'thresholds'];
const INDICATOR: Tabs = ['data', 'series', 'thresholds', 'stops'];
const CONTROL: Tabs = ['series'];

function define(
  kind: WidgetKind,
  def: Omit<WidgetKindDefinition, 'kind' | 'Editor' | 'followsFeed'>,
  followsFeed = false,
): WidgetKindDefinition {
  return { kind, Editor: KIND_FIELDS[kind].length > 0 ? KindFieldsEditor : null, followsFeed, ...def };
}

function chart(kind: WidgetKind, editorTabs: Tabs = SERIES_CHART): WidgetKindDefinition {
  const builder = CHART_BUILDERS[kind];
  if (!builder) throw new Error(`No chart builder for ${kind}`);
  // A chart draws its feed's newest data at its turn in the draw queue (ChartWidget, EChart).
  return define(kind, { Renderer: ChartWidget, toOption: builder.build, editorTabs }, true);
}

const controlLabel = (ctx: ChartContext) => ctx.config.command_label || ctx.variant.name;

/** Every kind's definition. */
export const WIDGET_REGISTRY: Record<WidgetKind, WidgetKindDefinition> = {
  line: chart('line'),
  area: chart('area'),
  bar: chart('bar'),
  column: chart('column'),
  stacked: chart('stacked'),
  step: chart('step'),
  scatter: chart('scatter'),
  pie: chart('pie', ['data', 'series']),
  donut: chart('donut', ['data', 'series']),
  radar: chart('radar', ['data', 'series']),
  gauge: chart('gauge', INDICATOR),
  solid_gauge: chart('solid_gauge', INDICATOR),
  sparkline: chart('sparkline', INDICATOR),
  heatmap: chart('heatmap', ['data', 'series', 'stops']),
  histogram: chart('histogram', ['data', 'series']),
  box_plot: chart('box_plot', ['data', 'series']),
  candlestick: chart('candlestick', ['data', 'series']),
  map: chart('map', ['data', 'series', 'thresholds']),
  kpi: define('kpi', { Renderer: KpiWidget, toOption: kpiSnapshot, editorTabs: INDICATOR }),
  status_lamp: define('status_lamp', {
    Renderer: StatusLampWidget,
    toOption: lampSnapshot,
    editorTabs: ['data', 'series', 'thresholds'],
  }),
  progress: define('progress', {
    Renderer: ProgressWidget,
    toOption: progressSnapshot,
    editorTabs: INDICATOR,
  }),
  table: define('table', {
    Renderer: TableWidget,
    toOption: (c) => tableSnapshot(c, tableRows(c)),
    editorTabs: ['data', 'series'],
  }),
  text: define('text', { Renderer: TextWidget, toOption: textSnapshot, editorTabs: ['text', 'series'] }),
  image: define('image', { Renderer: ImageWidget, toOption: imageSnapshot, editorTabs: [] }),
  button: define('button', {
    Renderer: CommandWidget,
    toOption: (c) => controlSnapshot(c, controlLabel(c)),
    editorTabs: [],
  }),
  switch: define('switch', {
    Renderer: CommandWidget,
    toOption: (c) => controlSnapshot(c, controlLabel(c)),
    editorTabs: CONTROL,
  }),
  slider: define('slider', {
    Renderer: CommandWidget,
    toOption: (c) => controlSnapshot(c, controlLabel(c)),
    editorTabs: CONTROL,
  }),
  set_point: define('set_point', {
    Renderer: CommandWidget,
    toOption: (c) => controlSnapshot(c, controlLabel(c)),
    editorTabs: CONTROL,
  }),
};

/** The definition of a kind. */
export function widgetDefinition(kind: WidgetKind): WidgetKindDefinition {
  return WIDGET_REGISTRY[kind];
}
