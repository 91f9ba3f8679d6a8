/**
 * A rule's active schedule: weekdays and a from–to time of day in an IANA time zone (to before from
 * wraps past midnight, from equal to to is the whole day). Outside it a rule starts no pending and
 * fires nothing new; an alert already firing still clears.
 */
import type { RuleSchedule } from '@ferrite/contracts';

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
/** One formatter per time zone: building one costs far more than formatting. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The weekday (0 Sunday) and minute of the day at `at` (epoch ms) in the time zone. */
export function localTime(at: number, timeZone: string): { day: number; minute: number } {
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of formatterOf(timeZone).formatToParts(at)) {
    if (part.type === 'weekday') day = WEEKDAYS[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { day, minute: hour * 60 + minute };
}

function minutesOf(clock: string): number {
  const [h, m] = clock.split(':');
  return Number(h) * 60 + Number(m);
}

/** Whether a rule with this schedule is active at `at` (always, without a schedule). */
export function isScheduleActive(schedule: RuleSchedule | null | undefined, at: number): boolean {
  if (!schedule) return true;
  const { day, minute } = localTime(at, schedule.timezone);
  if (!schedule.days.includes(day)) return false;
  const from = minutesOf(schedule.from);
  const to = minutesOf(schedule.to);
  if (from === to) return true;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}
