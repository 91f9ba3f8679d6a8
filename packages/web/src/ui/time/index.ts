/** Times as the product shows them: one formatter and one component (see formatDateTime.ts). */

export { DateTime } from './DateTime';
export {
  compileDateFormat,
  DATE_FORMAT_CHOICES,
  LOCALE_DATE_FORMAT,
  type TimeFormat,
} from './dateFormat';
export {
  formatDate,
  formatDateTime,
  formatEventTime,
  formatFullDateTime,
  formatRelative,
  NO_TIME,
  type TimeValue,
  toDate,
} from './formatDateTime';
export { browserTimeZones } from './timeZones';
export { selectDateFormat, type Times, useTimeFormat, useTimes } from './useTimes';
