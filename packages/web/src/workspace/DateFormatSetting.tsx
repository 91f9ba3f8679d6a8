/** The reader's date format (profile data_settings.date_format), chosen by what it looks like today. */
import type { DataSettings } from '@ferrite/contracts';
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { compileDateFormat, DATE_FORMAT_CHOICES, LOCALE_DATE_FORMAT } from '../ui/time';
import type { SaveSettings } from './SettingsModal';

/** "2026-03-12 14:05 (YYYY-MM-DD HH:mm)": each choice shows itself on the current moment. */
function choiceLabel(pattern: string, now: Date): string {
  const example = compileDateFormat(pattern).dateTime(now);
  return pattern === LOCALE_DATE_FORMAT ? `${example} (your language)` : `${example} (${pattern})`;
}

/** A select of the offered formats; a pattern stored some other way stays listed as it is. */
export function DateFormatSetting({ data, save }: { data: DataSettings; save: SaveSettings }) {
  const current = data.date_format;
  const options = useMemo(() => {
    const now = new Date();
    const patterns: string[] = [...DATE_FORMAT_CHOICES];
    if (!patterns.includes(current)) patterns.push(current);
    return patterns.map((value) => ({ value, label: choiceLabel(value, now) }));
  }, [current]);
  return (
    <Select
      label="Date format"
      description="How every list and detail writes dates and times."
      data={options}
      value={current}
      onChange={(value) => value && value !== current && save({ data_settings: { date_format: value } })}
      allowDeselect={false}
      checkIconPosition="right"
      radius="md"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
