/**
 * Share bearer tokens: signed at verify for one link, checked on every shared-view call against the
 * link as it stands now (revoked, expired, or a new password since the token was signed all end it).
 */
import { SHARE_TOKEN_TTL_SECONDS } from '@ferrite/contracts';
import type { FastifyRequest } from 'fastify';
import { bearerToken, resolveCaller } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import type { JwtService } from '../../../platform/security/jwt';
import { renderScope } from '../reports/renderAccess';
import type { DB, HttpProblem } from '../shared';
import { ExportRepository, type ExportRow } from './exportRepository';
import { DASHBOARD_MESSAGES, problems, shareProblems } from './messages';
import { linkStatus } from './presenter';

/** What a share token lets its holder read: one link's dashboard, until the token expires. */
export interface ShareScope {
  uuid: string;
  orgId: string;
  dashboardId: string;
  expiresAt: Date;
}

/** Signs a token for the link; it never outlives the link's expiry. */
export async function signShareToken(
  jwt: JwtService,
  row: Pick<ExportRow, 'id' | 'org_id' | 'dashboard_id' | 'token_version' | 'expires_at'>,
): Promise<{ token: string; expiresAt: Date }> {
  const untilLinkEnds = row.expires_at
    ? Math.floor((new Date(row.expires_at).getTime() - Date.now()) / 1000)
    : SHARE_TOKEN_TTL_SECONDS;
  const ttl = Math.max(1, Math.min(SHARE_TOKEN_TTL_SECONDS, untilLinkEnds));
  const token = await jwt.sign(
    {
      sub: row.id,
      purpose: 'dashboard-share',
      org: row.org_id,
      dsh: row.dashboard_id,
      ver: row.token_version,
    },
    ttl,
  );
  return { token, expiresAt: new Date(Date.now() + ttl * 1000) };
}

/** The problem a link answers with when it cannot be used, or null when it is active. */
export function linkProblem(row: ExportRow | undefined): HttpProblem | null {
  if (!row) return shareProblems.unknown();
  // An archived organization shares nothing: its links read as revoked.
  if (row.org_archived_at) return shareProblems.revoked();
  const status = linkStatus(row);
  if (status === 'revoked') return shareProblems.revoked();
  if (status === 'expired') return shareProblems.expired();
  return null;
}

/** Checks a share token against its link now; answers the scope or why it cannot be used. */
export async function checkShareToken(
  db: DB,
  jwt: JwtService,
  token: string,
): Promise<{ scope: ShareScope } | { problem: HttpProblem }> {
  const claims = await jwt.verify(token, 'dashboard-share');
  if (!claims) {
    // Headless Chromium drawing a report reads the same views with a render token (reports/renderAccess.ts).
    const render = await renderScope(db, jwt, token);
    return render ? { scope: render } : { problem: shareProblems.tokenInvalid() };
  }
  const row = await new ExportRepository(db).findByUuid(claims.sub);
  // A deleted link (its dashboard deleted) reads as a session that ended, not as a link that never was.
  if (!row || row.org_id !== claims.org || row.dashboard_id !== claims.dsh) {
    return { problem: shareProblems.tokenInvalid() };
  }
  const problem = linkProblem(row);
  if (problem) return { problem };
  if (row.token_version !== claims.ver) return { problem: shareProblems.tokenInvalid() };
  return {
    scope: {
      uuid: row.id,
      orgId: row.org_id,
      dashboardId: row.dashboard_id,
      expiresAt: new Date(claims.exp * 1000),
    },
  };
}

/** The scope of the request's share token, which must be for the link in the path (else 401/403/410). */
export async function requireShare(
  request: FastifyRequest,
  deps: AppDeps,
  uuid: string,
): Promise<ShareScope> {
  const token = bearerToken(request);
  if (!token) throw problems.unauthorized(DASHBOARD_MESSAGES.shareTokenInvalid, 'Link session ended');
  const checked = await checkShareToken(deps.db, deps.jwt, token);
  if ('problem' in checked) throw checked.problem;
  if (checked.scope.uuid !== uuid) throw shareProblems.otherLink();
  return checked.scope;
}

export type DashboardViewer = { kind: 'member'; orgId: string } | { kind: 'share'; scope: ShareScope };

/**
 * A caller of a route both members and link holders use (the hierarchy): a share token for a link of
 * this organization, or a member's access token with the Dashboards app in this organization.
 */
export async function resolveViewer(
  request: FastifyRequest,
  deps: AppDeps,
  orgId: string,
): Promise<DashboardViewer> {
  const token = bearerToken(request);
  if (!token) throw problems.unauthorized('A bearer token is required');
  if (await deps.jwt.verify(token, 'dashboard-share')) {
    const checked = await checkShareToken(deps.db, deps.jwt, token);
    if ('problem' in checked) throw checked.problem;
    if (checked.scope.orgId !== orgId) throw shareProblems.otherLink();
    return { kind: 'share', scope: checked.scope };
  }
  const auth = await resolveCaller(deps.db, deps.jwt, token);
  if (!auth) throw problems.unauthorized('The access token is invalid or has expired', 'Token expired');
  if (auth.orgId !== orgId)
    throw problems.forbidden('You can only reach the organization you are signed in to');
  if (!auth.abilities.permissions.has('dashboards.view')) {
    throw problems.forbidden('You do not have permission to open the app in Dashboards');
  }
  return { kind: 'member', orgId };
}
