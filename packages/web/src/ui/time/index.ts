/** Times as the product shows them: one formatter and one component (see formatDateTime.ts). */
export { DateTime } from './DateTime';
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
