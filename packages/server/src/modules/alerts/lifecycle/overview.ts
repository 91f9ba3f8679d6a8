/** The Alerts home's counts (GET …/summary) and the alerts charts mark on their sensors (GET …/marks). */
import {
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  type AlertMark,
  type AlertSeverity,
  type AlertStatus,
  type AlertSummary,
} from '@ferrite/contracts';
import { iso } from '../../../platform/isoTime';
import { presentAlert } from './presenter';
import { type AlertRepository, OPEN } from './repository';

const HOUR_MS = 3_600_000;
const RECENT = 10;

/** Open alerts by severity, every not archived alert by status, the newest ten, rules, silences, fired per hour. */
export async function alertSummary(
  repo: AlertRepository,
  orgId: string,
  now = new Date(),
): Promise<AlertSummary> {
  // The 24 hourly buckets end with the current hour.
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const since = new Date(currentHour - 23 * HOUR_MS);
  const [counts, recent, fired, totals] = await Promise.all([
    repo.countsBy(orgId),
    repo.recent(orgId, RECENT),
    repo.firedSince(orgId, since),
    repo.ruleAndSilenceCounts(orgId, now),
  ]);
  const bySeverity = Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, 0])) as Record<AlertSeverity, number>;
  const byStatus = Object.fromEntries(ALERT_STATUSES.map((s) => [s, 0])) as Record<AlertStatus, number>;
  for (const { severity, status, n } of counts) {
    if (status in byStatus) byStatus[status as AlertStatus] += n;
    if ((OPEN as readonly string[]).includes(status) && severity in bySeverity)
      bySeverity[severity as AlertSeverity] += n;
  }
  const perHour = Array.from({ length: 24 }, (_, index) => ({
    hour: iso(new Date(since.getTime() + index * HOUR_MS)),
    count: 0,
  }));
  for (const at of fired) {
    const bucket = perHour[Math.floor((at.getTime() - since.getTime()) / HOUR_MS)];
    if (bucket) bucket.count += 1;
  }
  return {
    by_severity: bySeverity,
    by_status: byStatus,
    recent: recent.map(presentAlert),
    rules: { total: totals.total, enabled: totals.enabled },
    active_silences: totals.silences,
    fired_per_hour: perHour,
  };
}

/** The organization's alerts on these sensors whose data point lies in the window, oldest first. */
export async function alertMarks(
  repo: AlertRepository,
  orgId: string,
  query: { sensor_ids: string[]; from: string; to: string },
): Promise<{ marks: AlertMark[] }> {
  const rows = await repo.marks(orgId, query.sensor_ids, new Date(query.from), new Date(query.to));
  return {
    marks: rows.map((row) => ({
      id: row.id,
      sensor_id: row.entity_id as string,
      param_key: row.param_key,
      triggered_at: iso(row.triggered_at as Date),
      value: row.value,
      severity: row.severity as AlertSeverity,
      status: row.status as AlertStatus,
      description: row.description,
    })),
  };
}
