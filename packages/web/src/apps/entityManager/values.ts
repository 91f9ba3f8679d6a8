/**
 * Metadata values are strings typed by their field's data type. The server checks them (its
 * metadata.ts, same rules); the forms check first so the message sits beside the input.
 */
import type { DataType } from '@ferrite/contracts';

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;

/** Why a value does not fit its data type, or null; empty means "no value" and fits every type. */
export function valueError(dataType: DataType, value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  switch (dataType) {
    case 'number':
      return NUMBER.test(text) && Number.isFinite(Number(text)) ? null : 'Must be a number';
    case 'integer':
      return INTEGER.test(text) ? null : 'Must be a whole number';
    case 'boolean':
      return text === 'true' || text === 'false' ? null : 'Must be true or false';
    case 'string':
      return null;
  }
}

/** Labels of the data types for selects. */
export const DATA_TYPE_LABELS: Record<DataType, string> = {
  number: 'Number',
  integer: 'Integer',
  boolean: 'Boolean',
  string: 'Text',
};

/** A value as people read it: numbers grouped, booleans as Yes/No, empty as an em dash. */
export function formatValue(dataType: DataType, value: string, unit = ''): string {
  const text = value.trim();
  if (text === '') return '—';
  let shown = text;
  if ((dataType === 'number' || dataType === 'integer') && valueError(dataType, text) === null) {
    const number = Number(text);
    // Grouping only from five digits: a year or a model number reads wrong as "2,020".
    shown = number.toLocaleString('en', {
      maximumFractionDigits: 6,
      useGrouping: Math.abs(number) >= 10_000,
    });
  } else if (dataType === 'boolean') {
    shown = text === 'true' ? 'Yes' : text === 'false' ? 'No' : text;
  }
  return unit ? `${shown} ${unit}` : shown;
}
