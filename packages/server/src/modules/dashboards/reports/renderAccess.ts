/**
 * The render token: how headless Chromium is let into the shared view of the dashboard it draws.
 *
 * Why a token of its own rather than a temporary password link: a link would show up in the owner's list
 * of links (and its socket room) while the report renders, and would outlive a crash. A render token is a
 * `dashboard-render` JWT whose subject is the report being drawn; it opens the shared view at
 * `/dashboards/{reportId}` (the shared-view routes accept it through `checkShareToken`) and it works only
 * while that report is in state 'rendering', for at most RENDER_TOKEN_TTL_SECONDS, and, for a report
 * asked for by a link holder, only while that link is still active. Marking the report ready or failed
 * ends it at once. The renderer hands it to the page through sessionStorage, never in a URL, so it
 * reaches no log.
 */
import type { JwtService } from '../../../platform/security/jwt';
import { OrganizationRepository } from '../organizationRepository';
import type { DB } from '../shared';
import { ExportRepository } from '../sharing/exportRepository';
import type { ShareScope } from '../sharing/shareAccess';
import { ReportRepository } from './repository';

/** A render never takes longer than this; the token dies with it. */
const RENDER_TOKEN_TTL_SECONDS = 120;

/** Signs the token that lets the renderer read the report's dashboard through the shared view. */
export async function signRenderToken(
  jwt: JwtService,
  report: { id: string; orgId: string; dashboardId: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = await jwt.sign(
    { sub: report.id, purpose: 'dashboard-render', org: report.orgId, dsh: report.dashboardId },
    RENDER_TOKEN_TTL_SECONDS,
  );
  return { token, expiresAt: new Date(Date.now() + RENDER_TOKEN_TTL_SECONDS * 1000) };
}

/**
 * The shared-view scope of a render token (its `uuid` is the report's id), or null when the token is not
 * one, or its report is no longer being drawn, or the link it was asked through has ended.
 */
export async function renderScope(db: DB, jwt: JwtService, token: string): Promise<ShareScope | null> {
  const claims = await jwt.verify(token, 'dashboard-render');
  if (!claims) return null;
  const reports = new ReportRepository(db);
  const report = await reports.findRendering(claims.sub);
  if (!report || report.org_id !== claims.org || report.dashboard_id !== claims.dsh) return null;
  if (new Date(report.created_at).getTime() + RENDER_TOKEN_TTL_SECONDS * 1000 < Date.now()) return null;
  if (report.source === 'link' && !(await linkStillActive(reports.sibling(ExportRepository), report.link_id)))
    return null;
  const orgArchivedAt = await reports.sibling(OrganizationRepository).orgArchivedAt(report.org_id);
  if (orgArchivedAt !== null) return null;
  return {
    uuid: report.id,
    orgId: report.org_id,
    dashboardId: report.dashboard_id,
    expiresAt: new Date(claims.exp * 1000),
  };
}

/** Whether the link a holder asked through is neither revoked nor expired (a revoke ends the render). */
async function linkStillActive(links: ExportRepository, linkId: string | null): Promise<boolean> {
  if (!linkId) return false;
  const link = await links.findEnd(linkId);
  if (!link || link.revoked_at) return false;
  return !link.expires_at || new Date(link.expires_at).getTime() > Date.now();
}
