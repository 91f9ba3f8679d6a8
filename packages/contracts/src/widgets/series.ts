/** Widget series (spec §3): name, color, axes, unit, custom_formula {sl_equation, m, c}. */
import { z } from 'zod';
import { colorSchema } from './color';
import { configText } from './configText';

/** The y axis a series is drawn against. */
export const SERIES_AXES = ['left', 'right'] as const;
export type SeriesAxis = (typeof SERIES_AXES)[number];

/** y = m·x + c, applied to every value of the series when sl_equation (straight-line equation) is on. */
export const customFormulaSchema = z.object({
  sl_equation: z.boolean().default(false),
  m: z.number().finite().default(1),
  c: z.number().finite().default(0),
});
export type CustomFormula = z.infer<typeof customFormulaSchema>;

/** The identity formula (off, m 1, c 0). */
export const DEFAULT_CUSTOM_FORMULA: CustomFormula = { sl_equation: false, m: 1, c: 0 };

export const widgetSeriesSchema = z.object({
  /**
   * Which data series this is: the renderer matches `data.series[].key` against it. By convention
   * `${sensor_id}:${param_key}` when bound to a sensor parameter.
   */
  key: configText('Series key', 200).default(''),
  sensor_id: z.string().uuid().nullable().default(null),
  param_key: configText('Parameter key', 120).nullable().default(null),
  name: configText('Series name', 120).trim().default(''),
  color: colorSchema.nullable().default(null),
  axes: z.enum(SERIES_AXES).default('left'),
  unit: configText('Unit', 30).default(''),
  custom_formula: customFormulaSchema.default(DEFAULT_CUSTOM_FORMULA),
});
export type WidgetSeries = z.infer<typeof widgetSeriesSchema>;

/** The key of a sensor parameter's series. */
export function seriesKey(sensorId: string, paramKey: string): string {
  return `${sensorId}:${paramKey}`;
}

/** y = m·x + c when the formula is on, x otherwise. */
export function applyCustomFormula(value: number, formula: CustomFormula | undefined): number {
  if (!formula?.sl_equation) return value;
  return formula.m * value + formula.c;
}

/** The formula as people read it, e.g. 'y = 1.8x + 32'. */
export function formatCustomFormula(formula: CustomFormula): string {
  if (formula.c === 0) return `y = ${formula.m}x`;
  return `y = ${formula.m}x ${formula.c < 0 ? '-' : '+'} ${Math.abs(formula.c)}`;
}
