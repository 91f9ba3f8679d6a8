/** When a rule is active: always, or on chosen weekdays between two times in a time zone. */
import type { RuleSchedule } from '@ferrite/contracts';
import { Chip, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { browserTimeZones } from '../../../ui/time';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface ScheduleFieldsProps {
  value: RuleSchedule | null;
  onChange: (schedule: RuleSchedule | null) => void;
  errors: Record<string, string>;
}

/** The switch and, when on, the days, hours and zone. */
export function ScheduleFields({ value, onChange, errors }: ScheduleFieldsProps) {
  const zones = useMemo(browserTimeZones, []);
  return (
    <Stack gap="xs">
      <Switch
        label="Only at certain times"
        checked={value !== null}
        onChange={(e) =>
          onChange(
            e.currentTarget.checked
              ? { days: [1, 2, 3, 4, 5], from: '06:00', to: '22:00', timezone: zones[0] ?? 'UTC' }
              : null,
          )
        }
      />
      {value && (
        <>
          <Chip.Group
            multiple
            value={value.days.map(String)}
            onChange={(days) => onChange({ ...value, days: days.map(Number).sort() })}
          >
            <Group gap={4}>
              {DAYS.map((day, index) => (
                <Chip key={day} value={String(index)} size="xs">
                  {day}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {errors['data.schedule.days'] && (
            <Text size="xs" c="red">
              {errors['data.schedule.days']}
            </Text>
          )}
          <Group gap="xs" align="flex-start">
            <TextInput
              type="time"
              label="From"
              value={value.from}
              onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
              error={errors['data.schedule.from']}
              w={120}
            />
            <TextInput
              type="time"
              label="To"
              value={value.to}
              onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
              error={errors['data.schedule.to']}
              w={120}
            />
            <Select
              label="Time zone"
              data={zones}
              value={value.timezone}
              onChange={(timezone) => timezone && onChange({ ...value, timezone })}
              searchable
              allowDeselect={false}
              error={errors['data.schedule.timezone']}
              comboboxProps={{ withinPortal: true }}
              w={220}
            />
          </Group>
          <Text size="xs" c="dimmed">
            A "to" before "from" runs past midnight.
          </Text>
        </>
      )}
    </Stack>
  );
}
