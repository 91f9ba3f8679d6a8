/**
 * The report dialog's data window: as on screen (each widget its own period), a preset that ends when the
 * report is made, or a custom From–To. The checks are the contract's own (dashboardReportBodySchema), so
 * the dialog says exactly what the server would answer, before asking it.
 */
import {
  DASHBOARD_REPORT_RANGE_LABELS,
  DASHBOARD_REPORT_RANGES,
  type DashboardReportRange,
  dashboardReportBodySchema,
} from '@ferrite/contracts';
import { Group, Select, TextInput } from '@mantine/core';

/** The dialog's choice: a report range, or none ('as_shown'). */
export type WindowChoice = DashboardReportRange | 'as_shown';

export interface WindowState {
  choice: WindowChoice;
  /** datetime-local values (the browser's time zone), used when choice is 'custom'. */
  from: string;
  to: string;
}

/** The window fields of the report body. */
export interface WindowBody {
  range?: DashboardReportRange;
  from_date?: string;
  to_date?: string;
}

const CHOICES = [
  { value: 'as_shown', label: 'As on screen' },
  ...DASHBOARD_REPORT_RANGES.map((range) => ({ value: range, label: DASHBOARD_REPORT_RANGE_LABELS[range] })),
];

/** The custom window's two ends: the state key, the label and the body field its errors come under. */
const ENDS = [
  { key: 'from', label: 'From', field: 'from_date' },
  { key: 'to', label: 'To', field: 'to_date' },
] as const;

/** A datetime-local value for a moment, in the browser's time zone. */
export function toLocalInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local value as an ISO instant; empty or unreadable answers undefined. */
function fromLocalInput(value: string): string | undefined {
  const ms = value ? new Date(value).getTime() : Number.NaN;
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** The dialog's opening state: as on screen, and a custom window of the last day ready to adjust. */
export function initialWindow(now: Date = new Date()): WindowState {
  return {
    choice: 'as_shown',
    from: toLocalInput(new Date(now.getTime() - 24 * 3_600_000)),
    to: toLocalInput(now),
  };
}

/** What the body carries for the choice. */
export function windowBody(state: WindowState): WindowBody {
  if (state.choice === 'as_shown') return {};
  if (state.choice !== 'custom') return { range: state.choice };
  const from = fromLocalInput(state.from);
  const to = fromLocalInput(state.to);
  return { range: 'custom', ...(from ? { from_date: from } : {}), ...(to ? { to_date: to } : {}) };
}

/** The contract's complaints about the window and the message, by field ('from_date', 'to_date', 'message'). */
export function windowErrors(body: WindowBody & { message: string }): Record<string, string> {
  const parsed = dashboardReportBodySchema.safeParse({ format: 'pdf', ...body });
  const errors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (['range', 'from_date', 'to_date', 'message'].includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** The window's select and, for a custom window, its From and To. */
export function ReportWindowFields({
  value,
  onChange,
  errors,
}: {
  value: WindowState;
  onChange: (next: WindowState) => void;
  /** Field errors to show (the dialog's own checks, else the server's). */
  errors: Record<string, string | undefined>;
}) {
  const latest = toLocalInput(new Date());
  return (
    <>
      <Select
        label="Data window"
        description="The period every widget of the report shows"
        data={CHOICES}
        value={value.choice}
        onChange={(choice) => choice && onChange({ ...value, choice: choice as WindowChoice })}
        allowDeselect={false}
        error={errors.range}
        comboboxProps={{ withinPortal: true }}
      />
      {value.choice === 'custom' ? (
        <Group grow align="flex-start" gap="sm">
          {ENDS.map(({ key, label, field }) => (
            <TextInput
              key={key}
              type="datetime-local"
              label={label}
              value={value[key]}
              max={latest}
              onChange={(event) => onChange({ ...value, [key]: event.currentTarget.value })}
              error={errors[field]}
            />
          ))}
        </Group>
      ) : null}
    </>
  );
}
