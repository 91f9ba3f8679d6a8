/** What the app slider lists, in order. */
import type { AppKey } from '@ferrite/contracts';
import type { RecentAppsState } from './recentAppsSlice';
import type { WindowsState } from './windowsSlice';

export interface SliderEntry {
  key: AppKey;
  status: 'Open' | 'Minimized' | 'Recent';
}

/** Open apps front-first, then minimized ones, then recent apps not open; only the org's apps. */
export function sliderEntries(
  state: { windows: WindowsState; recentApps: RecentAppsState },
  apps: AppKey[],
): SliderEntry[] {
  const open = apps
    .filter((key) => state.windows[key].appState === 'maximize')
    .sort((a, b) => state.windows[b].appZindex - state.windows[a].appZindex)
    .map((key): SliderEntry => ({ key, status: 'Open' }));
  const minimized = apps
    .filter((key) => state.windows[key].appState === 'minimize')
    .map((key): SliderEntry => ({ key, status: 'Minimized' }));
  const recent = state.recentApps.apps
    .filter((key) => apps.includes(key) && state.windows[key].appState === 'closed')
    .map((key): SliderEntry => ({ key, status: 'Recent' }));
  return [...open, ...minimized, ...recent];
}
