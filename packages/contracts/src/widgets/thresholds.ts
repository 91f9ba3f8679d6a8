/**
 * Threshold ranges, the entire range and colour stops (spec §3), their defaults (spec §5) and the
 * threshold row rules of spec §4, as pure functions the editor, the renderers and the server share.
 */
import { z } from 'zod';
import { colorSchema } from './color';
import { configText } from './configText';
import { DEFAULT_TEXT_SETTINGS, textSettingsSchema } from './textSettings';

/** The colour of a newly added range (spec §5). */
export const NEW_THRESHOLD_COLOR = '#55B53B';
/** The entire range when the widget has none: min 0, max 100. */
export const DEFAULT_ENTIRE_RANGE = { min: 0, max: 100 } as const;
/** Gauge colour stops (percent of the entire range): 10 #55BF3B, 50 #DDDF0D, 90 #DF5353. */
export const DEFAULT_COLOR_STOPS = [
  { stop: 10, color: '#55BF3B' },
  { stop: 50, color: '#DDDF0D' },
  { stop: 90, color: '#DF5353' },
] as const;
export const THRESHOLD_SHAPE_TYPES = ['circle', 'square', 'triangle'] as const;
export type ThresholdShapeType = (typeof THRESHOLD_SHAPE_TYPES)[number];
/** Numeric parameters get threshold ranges; boolean ones get exactly a true and a false row. */
export const WIDGET_DATA_TYPES = ['numeric', 'boolean'] as const;
export type WidgetDataType = (typeof WIDGET_DATA_TYPES)[number];
/** Shown beside a row whose start is not less than its end (spec §5 "error when from >= to"). */
export const THRESHOLD_ROW_ERROR = 'Start must be less than end';

export const thresholdRangeSchema = z.object({
  from: z.number({ error: 'Please enter a start value' }).finite(),
  to: z.number({ error: 'Please enter an end value' }).finite(),
  color: colorSchema.default(NEW_THRESHOLD_COLOR),
  rangeText: configText('Range text', 120).default(''),
  conditionText: configText('Condition text', 120).default(''),
  shapeColor: colorSchema.default(NEW_THRESHOLD_COLOR),
  shapeType: z.enum(THRESHOLD_SHAPE_TYPES).default('circle'),
  text_settings: textSettingsSchema.default(DEFAULT_TEXT_SETTINGS),
});
export type ThresholdRange = z.infer<typeof thresholdRangeSchema>;

/** min and max may be left empty (null): then 0 and 100 stand in. */
export const entireRangeSchema = z
  .object({
    min: z.number().finite().nullable().default(null),
    max: z.number().finite().nullable().default(null),
  })
  .refine((r) => r.min === null || r.max === null || r.min < r.max, {
    path: ['max'],
    error: 'Max must be greater than min',
  });
export type EntireRange = z.infer<typeof entireRangeSchema>;

export const colorStopSchema = z.object({ stop: z.number().min(0).max(100), color: colorSchema });
export type ColorStop = z.infer<typeof colorStopSchema>;

/** A fresh copy of the default colour stops. */
export function defaultColorStops(): ColorStop[] {
  return DEFAULT_COLOR_STOPS.map((s) => ({ ...s }));
}

/** The entire range with empty ends filled in (min 0, max 100). */
export function resolveEntireRange(range: Partial<EntireRange> | undefined): { min: number; max: number } {
  return { min: range?.min ?? DEFAULT_ENTIRE_RANGE.min, max: range?.max ?? DEFAULT_ENTIRE_RANGE.max };
}

/**
 * The row "add" appends: it starts where the last row ends (or at the entire min, 0 if empty) and ends at
 * the entire max (100 if empty), coloured #55B53B.
 */
export function newThresholdRange(
  rows: readonly ThresholdRange[],
  entire?: Partial<EntireRange>,
): ThresholdRange {
  const { min, max } = resolveEntireRange(entire);
  const last = rows[rows.length - 1];
  return {
    from: last ? last.to : min,
    to: max,
    color: NEW_THRESHOLD_COLOR,
    rangeText: '',
    conditionText: '',
    shapeColor: NEW_THRESHOLD_COLOR,
    shapeType: 'circle',
    text_settings: { ...DEFAULT_TEXT_SETTINGS },
  };
}

/** Each row's start follows the previous row's end (spec §4); the first row keeps its own start. */
export function chainThresholdRows(rows: readonly ThresholdRange[]): ThresholdRange[] {
  const out: ThresholdRange[] = [];
  for (const [i, row] of rows.entries()) {
    const previous = out[i - 1];
    out.push(previous && row.from !== previous.to ? { ...row, from: previous.to } : row);
  }
  return out;
}

/** Applies an edit to one row, then re-chains so the next row starts at the new end. */
export function updateThresholdRow(
  rows: readonly ThresholdRange[],
  index: number,
  patch: Partial<ThresholdRange>,
): ThresholdRange[] {
  return chainThresholdRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
}

/** Removes one row; the row after it then starts where the row before it ended. */
export function removeThresholdRow(rows: readonly ThresholdRange[], index: number): ThresholdRange[] {
  return chainThresholdRows(rows.filter((_, i) => i !== index));
}

/** A row is flagged when its start is not less than its end. */
export function isThresholdRowFlagged(row: Pick<ThresholdRange, 'from' | 'to'>): boolean {
  return !(row.from < row.to);
}

/** One flag per row (true = flagged); boolean rows are never flagged. */
export function thresholdRowFlags(
  rows: readonly ThresholdRange[],
  dataType: WidgetDataType = 'numeric',
): boolean[] {
  return rows.map((row) => dataType === 'numeric' && isThresholdRowFlagged(row));
}

/** Boolean parameters get no add button: their two rows are fixed. */
export function canAddThresholdRow(dataType: WidgetDataType): boolean {
  return dataType === 'numeric';
}

/** The boolean values' rows: 'true' matches 1 and 'false' matches 0, keeping colours already chosen. */
export function booleanThresholdRows(existing: readonly ThresholdRange[] = []): ThresholdRange[] {
  const template = (value: 0 | 1, label: 'true' | 'false', color: string): ThresholdRange => {
    const kept = existing.find((row) => row.rangeText === label);
    return {
      ...newThresholdRange([]),
      color,
      shapeColor: color,
      ...kept,
      from: value,
      to: value,
      rangeText: label,
    };
  };
  return [template(1, 'true', NEW_THRESHOLD_COLOR), template(0, 'false', '#DF5353')];
}

/** The rows the editor shows for a data type: two fixed rows for boolean, chained ranges for numeric. */
export function thresholdRowsForDataType(
  dataType: WidgetDataType,
  rows: readonly ThresholdRange[],
): ThresholdRange[] {
  return dataType === 'boolean' ? booleanThresholdRows(rows) : chainThresholdRows(rows);
}

/**
 * The range a value falls in: from ≤ value < to, the last row also taking its end. Boolean widgets match
 * 'true' for any non-zero value.
 */
export function thresholdForValue(
  value: number | null | undefined,
  rows: readonly ThresholdRange[],
  dataType: WidgetDataType = 'numeric',
): ThresholdRange | undefined {
  if (value === null || value === undefined || Number.isNaN(value)) return undefined;
  if (dataType === 'boolean') return rows.find((row) => row.rangeText === (value !== 0 ? 'true' : 'false'));
  return rows.find(
    (row, i) => value >= row.from && (value < row.to || (i === rows.length - 1 && value === row.to)),
  );
}

/**
 * The colour stop for a value: the highest stop at or below the value's percent of the entire range (the
 * first stop below all of them), like a solid gauge's bands.
 */
export function colorStopFor(
  value: number,
  stops: readonly ColorStop[],
  entire?: Partial<EntireRange>,
): string | undefined {
  const sorted = [...stops].sort((a, b) => a.stop - b.stop);
  if (sorted.length === 0) return undefined;
  const { min, max } = resolveEntireRange(entire);
  const percent = max === min ? 0 : ((value - min) / (max - min)) * 100;
  let chosen = sorted[0];
  for (const stop of sorted) if (stop.stop <= percent) chosen = stop;
  return chosen?.color;
}
