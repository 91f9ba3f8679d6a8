/**
 * The static and streaming parameter rows of the Parameters tab: the spec §5 messages per field
 * ('Please enter key', 'Please enter value', 'Please enter data type', 'Please enter Unit') and the
 * duplicate rule ('This Key, Value, Type already exists'), from the contract's own schema and helper.
 */
import {
  duplicateGatewayParams,
  type GatewayParam,
  gatewayParamSchema,
  MESSAGES,
  parseJsonPath,
} from '@ferrite/contracts';

export type ParamList = 'static_params' | 'streaming_params';

/** A row as typed: every field a string, the data type '' until chosen. */
export interface ParamRow {
  key: string;
  value: string;
  data_type: string;
  unit: string;
}

export type ParamField = keyof ParamRow;
export type RowErrors = Partial<Record<ParamField, string>>;

export const EMPTY_ROW: ParamRow = { key: '', value: '', data_type: '', unit: '' };

/** Rows of saved parameters. */
export const rowsOf = (params: readonly GatewayParam[]): ParamRow[] => params.map((p) => ({ ...p }));

/** Rows as the body sends them (trimmed; the schema checks the data type). */
export const paramsOf = (rows: readonly ParamRow[]): GatewayParam[] =>
  rows.map((row) => ({
    key: row.key.trim(),
    value: row.value.trim(),
    data_type: row.data_type as GatewayParam['data_type'],
    unit: row.unit.trim(),
  }));

/**
 * Each row's messages (empty objects for good rows). Streaming values are the JSON paths readings
 * carry the parameter at, so they must parse as one.
 */
export function validateRows(rows: readonly ParamRow[], list: ParamList): RowErrors[] {
  const errors: RowErrors[] = rows.map((row) => {
    const result = gatewayParamSchema.safeParse(row);
    const rowErrors: RowErrors = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0] as ParamField;
        rowErrors[field] ??= field === 'data_type' ? MESSAGES.gatewayParam.dataType : issue.message;
      }
    }
    if (list === 'streaming_params' && !rowErrors.value) {
      const parsed = parseJsonPath(row.value);
      if ('error' in parsed) rowErrors.value = parsed.error;
    }
    return rowErrors;
  });
  // Duplicates only among rows that are complete: a half-typed row is not "the same" as another yet.
  const complete = rows.map((row, i) => (Object.keys(errors[i] ?? {}).length === 0 ? row : null));
  const indexed = complete.flatMap((row, i) => (row ? [{ row, i }] : []));
  for (const at of duplicateGatewayParams(paramsOf(indexed.map((x) => x.row)))) {
    const index = indexed[at]?.i;
    if (index !== undefined) errors[index] = { ...errors[index], key: MESSAGES.gatewayParam.duplicate };
  }
  return errors;
}

/** True when no row has a message. */
export const rowsValid = (errors: readonly RowErrors[]) => errors.every((e) => Object.keys(e).length === 0);

/** The server's field errors ('static_params.2.key') as row messages of one list. */
export function serverRowErrors(fields: Record<string, string>, list: ParamList, count: number): RowErrors[] {
  const errors: RowErrors[] = Array.from({ length: count }, () => ({}));
  for (const [path, message] of Object.entries(fields)) {
    const match = new RegExp(`^${list}\\.(\\d+)\\.(key|value|data_type|unit)$`).exec(path);
    if (!match) continue;
    const row = errors[Number(match[1])];
    if (row) row[match[2] as ParamField] ??= message;
  }
  return errors;
}
