/** The inbox's filters: status, severity, the app that raised it, and whose (everyone's or mine). */
import {
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  ALERTING_APPS,
  type AlertSeverity,
  type AlertStatus,
  APPS,
  type AppKey,
} from '@ferrite/contracts';
import { Group, Select } from '@mantine/core';
import type { AlertFilters } from '../api/alertsApi';
import { label } from '../common/Badges';

interface InboxFiltersProps {
  value: AlertFilters;
  onChange: (filters: AlertFilters) => void;
}

const ALL = 'all';

/** Selects in one row; each "All …" clears its filter. */
export function InboxFilters({ value, onChange }: InboxFiltersProps) {
  const common = { size: 'xs', w: 124, allowDeselect: false, comboboxProps: { withinPortal: true } } as const;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Select
        {...common}
        aria-label="Status"
        value={value.status?.[0] ?? ALL}
        data={[
          { value: ALL, label: 'Any status' },
          ...ALERT_STATUSES.map((s) => ({ value: s, label: label(s) })),
        ]}
        onChange={(status) =>
          onChange({ ...value, status: status && status !== ALL ? [status as AlertStatus] : undefined })
        }
      />
      <Select
        {...common}
        aria-label="Severity"
        value={value.severity?.[0] ?? ALL}
        data={[
          { value: ALL, label: 'Any severity' },
          ...ALERT_SEVERITIES.map((s) => ({ value: s, label: label(s) })),
        ]}
        onChange={(severity) =>
          onChange({
            ...value,
            severity: severity && severity !== ALL ? [severity as AlertSeverity] : undefined,
          })
        }
      />
      <Select
        {...common}
        aria-label="App"
        value={value.app ?? ALL}
        data={[
          { value: ALL, label: 'Any app' },
          ...ALERTING_APPS.map((a) => ({ value: a, label: APPS[a].title })),
        ]}
        onChange={(app) => onChange({ ...value, app: app && app !== ALL ? (app as AppKey) : undefined })}
      />
      <Select
        {...common}
        aria-label="Whose alerts"
        value={value.mine ? 'mine' : ALL}
        data={[
          { value: ALL, label: 'Everyone’s' },
          { value: 'mine', label: 'Mine' },
        ]}
        onChange={(whose) => onChange({ ...value, mine: whose === 'mine' || undefined })}
      />
    </Group>
  );
}
