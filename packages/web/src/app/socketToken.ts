/**
 * The session socket's handshake token (spec §3 Dashboard "socketToken", §7 POST
 * /dash_mgmt/orgs/{orgId}/fetch_token): asked of the server for the current access token and kept
 * until shortly before it ends. A member without the Dashboards app is refused that token (403) and
 * connects with the access token instead, which the server accepts too (IoT Manager live logs).
 */
import { socketTokenResponseSchema } from '@ferrite/contracts';
import type { SessionState } from '../session/sessionSlice';

/** A socket token this close to its end is asked for again rather than risk a refused handshake. */
const RENEW_BEFORE_MS = 30_000;

type WithSession = { session: SessionState };

let kept: { accessToken: string; token: string; expiresAt: number } | null = null;

/** Forgets the kept token (tests; a new session asks again anyway, its access token differs). */
export function forgetSocketToken(): void {
  kept = null;
}

/** The token the session's socket connects with now: fetch_token's, else the access token; null without a session. */
export async function sessionSocketToken(getState: () => WithSession): Promise<string | null> {
  const { authToken, orgId } = getState().session;
  if (!authToken || !orgId) return authToken;
  if (kept?.accessToken === authToken && kept.expiresAt - RENEW_BEFORE_MS > Date.now()) return kept.token;
  try {
    // Plain fetch: a refusal here must not end the session or trigger a refresh, as the API client would.
    const response = await fetch(`/api/dash_mgmt/orgs/${encodeURIComponent(orgId)}/fetch_token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${authToken}` },
    });
    if (response.ok) {
      const body = socketTokenResponseSchema.parse(await response.json());
      kept = { accessToken: authToken, token: body.token, expiresAt: Date.parse(body.expires_at) || 0 };
      return body.token;
    }
  } catch {
    // Unreachable or malformed: the access token below lets the handshake say what is wrong.
  }
  return authToken;
}
