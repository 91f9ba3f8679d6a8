/**
 * Metadata values are strings typed by their field's data type. Forms check them with the same rule
 * the server applies, so the message sits beside the input.
 */
import { type DataType, dataTypeError } from '@ferrite/contracts';

/** Why a value does not fit its data type, or null; the rule lives in the contracts, shared with the server. */
export const valueError = dataTypeError;

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
