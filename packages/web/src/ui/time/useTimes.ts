/**
 * The signed-in reader's date format, read from the cached profile (GET /me) in one selector, and the
 * product's time formatters bound to it. Every view that writes a time takes them from here, so
 * changing the format in Settings changes every list and detail at once.
 */
import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { profileApi } from '../../workspace/profileApi';
import { compileDateFormat, type TimeFormat } from './dateFormat';
import { formatDate, formatDateTime, formatEventTime, type TimeValue } from './formatDateTime';

const selectMe = profileApi.endpoints.getMe.select();

/** The reader's stored date format (a pattern or 'locale'), or null before the profile is in. */
export function selectDateFormat(state: RootState): string | null {
  return selectMe(state).data?.user_credentials.user_setting.data_settings.date_format ?? null;
}

/** The reader's format; compiled once per pattern however many views ask. */
export function useTimeFormat(): TimeFormat {
  const pattern = useAppSelector(selectDateFormat);
  return useMemo(() => compileDateFormat(pattern), [pattern]);
}

/** The time formatters, in the reader's format. */
export interface Times {
  date: (value: TimeValue) => string;
  dateTime: (value: TimeValue) => string;
  eventTime: (value: TimeValue, now?: Date) => string;
}

/** `const times = useTimes(); times.dateTime(gateway.created_at)`. */
export function useTimes(): Times {
  const format = useTimeFormat();
  return useMemo(
    () => ({
      date: (value) => formatDate(value, format),
      dateTime: (value) => formatDateTime(value, format),
      eventTime: (value, now) => formatEventTime(value, now, format),
    }),
    [format],
  );
}
