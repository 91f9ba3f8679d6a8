/**
 * ECharts, tree-shaken to what the widget kinds draw (about half the size of the full build), with the
 * Ferrite light and dark themes registered. Import echarts from here, never from 'echarts' directly.
 */
import {
  BarChart,
  BoxplotChart,
  CandlestickChart,
  GaugeChart,
  HeatmapChart,
  LineChart,
  PieChart,
  RadarChart,
  ScatterChart,
} from 'echarts/charts';
import {
  DataZoomComponent,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  RadarComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { ECHARTS_THEMES } from './theme';

export type { EChartsOption } from 'echarts';

echarts.use([
  BarChart,
  BoxplotChart,
  CandlestickChart,
  GaugeChart,
  HeatmapChart,
  LineChart,
  PieChart,
  RadarChart,
  ScatterChart,
  DataZoomComponent,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  RadarComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
  SVGRenderer,
]);
for (const [name, theme] of Object.entries(ECHARTS_THEMES)) echarts.registerTheme(name, theme);

export { echarts };
