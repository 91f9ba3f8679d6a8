/** The session's browser storage (spec §3, §9): access token, refresh token and user id. */
import { STORAGE_KEYS } from '@ferrite/contracts';

export interface StoredSession {
  accessToken: string | null;
  refreshToken: string | null;
  userId: string | null;
}

/** Reads the three session keys; a browser that blocks storage reads as signed out. */
export function readStoredSession(): StoredSession {
  try {
    return {
      accessToken: localStorage.getItem(STORAGE_KEYS.accessToken),
      refreshToken: localStorage.getItem(STORAGE_KEYS.refreshToken),
      userId: localStorage.getItem(STORAGE_KEYS.userId),
    };
  } catch {
    return { accessToken: null, refreshToken: null, userId: null };
  }
}

/** Stores the tokens of an org session; the refresh token is kept only when the server gave one. */
export function storeSession(values: { accessToken: string; refreshToken?: string | null; userId?: string }) {
  localStorage.setItem(STORAGE_KEYS.accessToken, values.accessToken);
  if (values.refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, values.refreshToken);
  if (values.userId) localStorage.setItem(STORAGE_KEYS.userId, values.userId);
}

/** Removes user id and both tokens (login failure, expiry, logout, 403). */
export function clearStoredSession() {
  try {
    localStorage.removeItem(STORAGE_KEYS.userId);
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
  } catch {
    // Storage disabled: nothing was stored either.
  }
}

/** Milliseconds since epoch when a JWT expires, from its `exp` claim; null when it carries none. */
export function jwtExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}
