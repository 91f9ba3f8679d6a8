/** The activity toolbar: person, app, date range and free text. */
import '@mantine/dates/styles.css';
import { APPS, type AppKey } from '@ferrite/contracts';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useGetMeQuery } from '../../../workspace/profileApi';
import { useMemberOptions } from '../common/useOptions';
import { type ActivityFilterValues, isFiltered, NO_FILTERS } from './filters';

interface ActivityFiltersProps {
  value: ActivityFilterValues;
  /** The search text as typed (the list uses a debounced copy). */
  onChange: (next: ActivityFilterValues) => void;
}

/** Filter inputs in one wrapping row, with a reset when anything is set. */
export function ActivityFilters({ value, onChange }: ActivityFiltersProps) {
  const members = useMemberOptions();
  const orgApps = useGetMeQuery().data?.org.apps ?? [];
  const set = (patch: Partial<ActivityFilterValues>) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        aria-label="Search activity"
        placeholder="Search summaries"
        leftSection={<IconSearch size={16} />}
        value={value.search}
        onChange={(event) => set({ search: event.currentTarget.value })}
        w={220}
      />
      <Select
        aria-label="Person"
        placeholder="Anyone"
        {...members.picker}
        value={value.userId}
        onChange={(userId) => set({ userId })}
        searchable
        clearable
        w={220}
      />
      <Select
        aria-label="App"
        placeholder="Any app"
        data={orgApps.map((app) => ({ value: app, label: APPS[app].title }))}
        value={value.app}
        onChange={(app) => set({ app: app as AppKey | null })}
        clearable
        w={180}
      />
      <DatePickerInput
        type="range"
        aria-label="Dates"
        placeholder="Any date"
        leftSection={<IconCalendar size={16} />}
        value={value.range}
        onChange={(range) =>
          set({ range: [range[0] ? String(range[0]) : null, range[1] ? String(range[1]) : null] })
        }
        clearable
        allowSingleDateInRange
        valueFormat="D MMM YYYY"
        w={300}
        popoverProps={{ withinPortal: true }}
      />
      {isFiltered(value) && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => onChange(NO_FILTERS)}
        >
          Reset
        </Button>
      )}
    </Group>
  );
}
