/**
 * Widgets: the catalogue of widget kinds (contracts `WIDGET_VARIANTS`, 200+ kinds × presets), their
 * renderers, config editors and exports. The Dashboards app (and reports) import from here only.
 *
 * Drawing a widget instance:
 *
 *   import { WidgetRenderer } from '../../widgets';
 *   import { findWidgetVariant, safeResolveWidgetConfig, widgetTelemetryQuery } from '@ferrite/contracts';
 *
 *   const variant = findWidgetVariant(instance.variant_id)!;
 *   const config = safeResolveWidgetConfig(variant, instance.config);   // variant defaults + instance settings
 *   const query = widgetTelemetryQuery(config);                          // what to read for each bound series
 *   <WidgetRenderer variant={variant} config={config}
 *     data={{ series: [{ key: seriesKey(sensorId, paramKey), points }] }}   // undefined until loaded
 *     loading={isLoading} error={error} live={{ [key]: { ts, value } }}    // newest socket values by key
 *     width={w} height={h} theme={useComputedColorScheme('light')}
 *     onCommand={(value) => sendCommand(value)} />                        // command kinds, after confirmation
 *
 *   Series are matched by `config.series[i].key` (else by position); each series' custom formula
 *   y = m·x + c is applied to the data and live values. An error shows exactly 'There is some error
 *   while loading data for this widget.' `onCommand` receives: button → config.command_on_value,
 *   switch → true/false, slider and set-point → a number. Without onCommand controls are disabled.
 *
 * Adding a widget: <WidgetCatalogue onSelect={(variant) => …} /> (search, category and kind filters,
 * previews on sample data), then <WidgetConfigEditor variant config onChange /> (tabs per kind).
 *
 * Download and print: <ExportMenu input={() => ({ variant, config, data, live, theme, width, height })} />,
 * or `exportWidget(input, 'PNG' | 'JPEG' | 'PDF' | 'SVG' | 'CSV' | 'XLS')` → { blob, filename } and
 * `printWidget(input)`.
 *
 * Drawing a dashboard (the Dashboards app and the shared view, `canvas/` and `live/`): <PanelCanvas>
 * lays a panel's subpanels, widgets and command widgets out on its grids and reads everything through
 * DashboardViewContext (`readWidget`, a LiveStore, `refreshKey`, `sendCommand`), in the look of
 * CanvasLookContext (`canvasLook` of the dashboard's theme; `canvasClasses` for the page around it).
 * A view fills the source with `batchWidgetReads` behind `withReadAhead` (and `usePanelReadAhead`
 * starts a panel's reads as soon as it is known); `SensorRooms` / `useDashboardRoom` bring the live
 * values into the LiveStore and `LiveBadge` says how they and the reads (`ReadHealth`) stand.
 *
 * Shared editors live in `src/ui/`: ThresholdEditor (spec §4 row rules) and TextSettingsEditor.
 */
export { default as canvasClasses } from './canvas/Canvas.module.css';
export { canvasLook, dashboardTheme } from './canvas/dashboardTheme';
export { bottomRow } from './canvas/gridMath';
export { PanelCanvas } from './canvas/PanelCanvas';
export { ReadHealth, type ReadSummary, useReadSummary } from './canvas/readHealth';
export { readsData } from './canvas/readsData';
export { usePanelReadAhead } from './canvas/usePanelReadAhead';
export { CanvasLookContext, DashboardViewContext, type DashboardViewSource } from './canvas/viewContext';
export type { CardAction } from './canvas/WidgetMenu';
export { type ReadAhead, withReadAhead } from './canvas/widgetReadAhead';
export { batchWidgetReads } from './canvas/widgetReadBatcher';
export { type CatalogueFilter, filterVariants } from './catalogue/filterVariants';
export { CATALOGUE_PAGE, WidgetCatalogue } from './catalogue/WidgetCatalogue';
export { prepareSeries, splitScatterSeries } from './data/prepare';
export { decimalsFor, fittedScale, niceRange, parameterRange, type ScaleRange } from './data/scale';
export { EChart } from './EChart';
export { ColorStopsEditor } from './editors/ColorStopsEditor';
export { SeriesEditor } from './editors/SeriesEditor';
export { WidgetConfigEditor } from './editors/WidgetConfigEditor';
export { ExportMenu } from './export/ExportMenu';
export {
  downloadFile,
  downloadWidget,
  type ExportedFile,
  type ExportFormat,
  exportFilename,
  exportWidget,
  printWidget,
  type WidgetExportInput,
} from './export/exportWidget';
export { LiveBadge } from './live/LiveBadge';
export { SensorRooms, sensorsOf, useDashboardRoom } from './live/LiveRooms';
export { LiveStore } from './live/liveStore';
export { WIDGET_REGISTRY, widgetDefinition } from './registry';
export { sampleWidgetData } from './sampleData';
export { PALETTES } from './theme';
export type {
  ChartContext,
  LiveDataFeed,
  LiveValues,
  PreparedSeries,
  WidgetEditorProps,
  WidgetKindDefinition,
  WidgetRendererProps,
  WidgetTheme,
} from './types';
export { TITLE_HEIGHT, WidgetFrame } from './WidgetFrame';
export { WidgetRenderer } from './WidgetRenderer';
