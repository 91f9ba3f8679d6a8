/**
 * The first reads of a shared link, started by the route as it mounts, with the token kept for the tab:
 * the view's own code (charts, the grid) is a lazy chunk that takes from a few hundred milliseconds to
 * a second to arrive and start, and the dashboard and its first panel need none of it. The view takes
 * each read once (the first time it asks); later reads go to the server as before.
 */
import type { PanelDetail, SharedDashboardResponse } from '@ferrite/contracts';
import { fetchSharedDashboard, fetchSharedPanel, shareTokenStore } from './shareClient';

interface Started {
  dashboard: Promise<SharedDashboardResponse> | null;
  panel: { id: string; read: Promise<PanelDetail> } | null;
}

const started = new Map<string, Started>();
const keyOf = (uuid: string, token: string) => `${uuid} ${token}`;

/**
 * Starts the dashboard read, then the first panel's, when the tab holds a live token for the link. A
 * read still waiting to be taken is kept (a second mount in a row); anything older is started afresh,
 * so a later visit never takes what an earlier one left.
 */
export function prefetchSharedDashboard(uuid: string): void {
  const token = shareTokenStore.read(uuid);
  if (!token || started.get(keyOf(uuid, token))?.dashboard) return;
  const dashboard = fetchSharedDashboard(uuid, token);
  // Whoever takes a read handles its failure; unclaimed, it must not count as unhandled.
  dashboard.catch(() => undefined);
  const entry: Started = { dashboard, panel: null };
  started.set(keyOf(uuid, token), entry);
  dashboard.then(
    (answer) => {
      const first = answer.panels[0];
      if (!first || started.get(keyOf(uuid, token)) !== entry) return;
      const read = fetchSharedPanel(uuid, first.id, token);
      read.catch(() => undefined);
      entry.panel = { id: first.id, read };
    },
    () => undefined,
  );
}

/** The dashboard read started for this link and token, once; null when none was. */
export function takeSharedDashboard(uuid: string, token: string): Promise<SharedDashboardResponse> | null {
  const entry = started.get(keyOf(uuid, token));
  const read = entry?.dashboard ?? null;
  if (entry) entry.dashboard = null;
  return read;
}

/** The read of this panel started for the link and token, once; null when none was (or another panel's). */
export function takeSharedPanel(uuid: string, token: string, panelId: string): Promise<PanelDetail> | null {
  const entry = started.get(keyOf(uuid, token));
  if (!entry?.panel || entry.panel.id !== panelId) return null;
  const { read } = entry.panel;
  started.delete(keyOf(uuid, token));
  return read;
}
