/**
 * Refresh and sign-out calls. They bypass the RTK Query client on purpose: the client itself
 * refreshes on a 401, and a refresh going through it would recurse.
 */
import type { TokenPair } from '@ferrite/contracts';

/** A refresh or sign-out failure, carrying the HTTP status and the server's detail (spec §8). */
export class SessionCallError extends Error {
  readonly status: number;
  readonly detail: string;

  constructor(status: number, detail: string, title?: string) {
    super(title ?? detail);
    this.name = 'SessionCallError';
    this.status = status;
    this.detail = detail;
  }
}

async function postJson<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new SessionCallError(0, error instanceof Error ? error.message : 'Network error');
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const detail = typeof json.detail === 'string' ? json.detail : response.statusText;
    const title = typeof json.title === 'string' ? json.title : undefined;
    throw new SessionCallError(response.status, detail, title);
  }
  return json as T;
}

/** POST /refresh: trades the refresh token for a new pair (the old refresh token is spent). */
export function refreshTokens(refreshToken: string): Promise<TokenPair> {
  return postJson<TokenPair>('/refresh', { refresh_token: refreshToken });
}

/** POST /sign-out: revokes the session on the server. */
export function signOutOnServer(accessToken: string, refreshToken: string): Promise<{ message: string }> {
  return postJson('/sign-out', { access_token: accessToken, refresh_token: refreshToken });
}
