/** Link rows → contract DTOs, and the state of a link at a moment. */
import { type DashboardExport, type ShareLinkStatus, sharedDashboardPath } from '@ferrite/contracts';
import { iso, isoOrNull } from '../../../platform/isoTime';
import { personRef } from '../dashboards/presenter';
import type { ExportRow } from './exportRepository';

/** Revoked wins over expired; a link without an expiry never expires. */
export function linkStatus(
  row: Pick<ExportRow, 'revoked_at' | 'expires_at'>,
  now: number = Date.now(),
): ShareLinkStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && new Date(row.expires_at).getTime() <= now) return 'expired';
  return 'active';
}

/** A link as the owner sees it (never its password). */
export function presentExport(row: ExportRow, now: number = Date.now()): DashboardExport {
  return {
    uuid: row.id,
    dashboard_id: row.dashboard_id,
    url: sharedDashboardPath(row.id),
    status: linkStatus(row, now),
    expires_at: isoOrNull(row.expires_at),
    revoked_at: isoOrNull(row.revoked_at),
    password_set_at: iso(row.password_set_at),
    created_by: personRef(row.created_by, row.creator_name, row.creator_email),
    created_at: iso(row.created_at),
  };
}
