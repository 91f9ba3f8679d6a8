/**
 * The shared view's calls (spec §7 "Shared view"), with the link's own bearer token rather than a
 * session: verify with the password, the dashboard and its panels, a panel's contents, a widget's data.
 * Plain fetch on purpose: the session client would refresh tokens and sign out on 403, which means
 * nothing to an anonymous viewer.
 */
import type {
  PanelDetail,
  Problem,
  SharedDashboardResponse,
  ShareVerifyBody,
  ShareVerifyResponse,
  WidgetDataBatchResponse,
  WidgetDataQuery,
} from '@ferrite/contracts';

/** A failed call: the server's problem body with its status (0 when the server was not reached). */
export class ShareError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail || title);
    this.name = 'ShareError';
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, init);
  } catch {
    throw new ShareError(0, 'Network error', 'The server could not be reached. Check your connection.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<Problem> | null;
    throw new ShareError(
      response.status,
      body?.title ?? `Request failed (${response.status})`,
      body?.detail ?? '',
    );
  }
  return (await response.json()) as T;
}

const bearer = (token: string): RequestInit => ({ headers: { Authorization: `Bearer ${token}` } });

/** POST /dash_mgmt/dashboards/{uuid}/verify with the password in the body: the link's bearer token. */
export function verifyShare(uuid: string, password: string): Promise<ShareVerifyResponse> {
  const body: ShareVerifyBody = { password };
  return call(`/dash_mgmt/dashboards/${uuid}/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** GET /dash_mgmt/dashboards/{uuid}/: the dashboard and its panels. */
export function fetchSharedDashboard(uuid: string, token: string): Promise<SharedDashboardResponse> {
  return call(`/dash_mgmt/dashboards/${uuid}/`, bearer(token));
}

/** POST /dash_mgmt/details/{uuid}/panels/{id}: a panel with its subpanels and widgets. */
export function fetchSharedPanel(uuid: string, panelId: string, token: string): Promise<PanelDetail> {
  return call(`/dash_mgmt/details/${uuid}/panels/${panelId}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
}

/** POST …/panels/{panelId}/widget_data: several widgets of the panel, each with its read query. */
export function fetchSharedWidgets(
  uuid: string,
  panelId: string,
  reads: { id: string; query: WidgetDataQuery }[],
  token: string,
): Promise<WidgetDataBatchResponse> {
  return call(`/dash_mgmt/details/${uuid}/panels/${panelId}/widget_data`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ reads }),
  });
}

/** What a failed call means for the view: ask the password again, the link is gone, or just an error. */
export function shareOutcome(error: unknown): 'password' | 'dead' | 'error' {
  if (!(error instanceof ShareError)) return 'error';
  if (error.status === 401) return 'password';
  if (error.status === 410 || error.status === 404) return 'dead';
  return 'error';
}

/** The share token of a link kept for this tab, so a reload does not ask the password again. */
export const shareTokenStore = {
  key: (uuid: string) => `ferrite-share:${uuid}`,
  read(uuid: string): string | null {
    try {
      const raw = sessionStorage.getItem(this.key(uuid));
      if (!raw) return null;
      const { token, expires_at } = JSON.parse(raw) as { token: string; expires_at: string };
      return Date.parse(expires_at) > Date.now() ? token : null;
    } catch {
      return null;
    }
  },
  write(uuid: string, token: string, expiresAt: string): void {
    try {
      sessionStorage.setItem(this.key(uuid), JSON.stringify({ token, expires_at: expiresAt }));
    } catch {
      // Private windows may refuse storage: the view still works until the tab closes.
    }
  },
  clear(uuid: string): void {
    try {
      sessionStorage.removeItem(this.key(uuid));
    } catch {
      // nothing to clear
    }
  },
};
