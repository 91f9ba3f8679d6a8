import type { MeResponse } from '@ferrite/contracts';
import { configureStore } from '@reduxjs/toolkit';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The real client needs a session; these tests only need to see what is sent and answer it.
const calls: { url: string; method: string; body: unknown }[] = [];
vi.mock('../app/baseQuery', () => ({
  ferriteBaseQuery: async (args: string | { url: string; method?: string; body?: unknown }) => {
    const request = typeof args === 'string' ? { url: args } : args;
    calls.push({ url: request.url, method: request.method ?? 'GET', body: request.body });
    if (request.url === '/me/settings' && fail.next)
      return { error: { title: 'Nope', status: 500, detail: '' } };
    return { data: me };
  },
}));
const fail = { next: false };

const { api } = await import('../app/api');
const { profileApi } = await import('./profileApi');
const { workspaceReducers } = await import('./reducers');
const { focusApp, launchApp, toggleFromTaskbar } = await import('./thunks');

const me: MeResponse = {
  id: '3f1c1f7e-4a55-4e1b-9d47-2b8e5f0c9a11',
  name: 'Ada',
  email: 'ada@example.com',
  avatar: 9,
  is_platform_admin: false,
  phone: null,
  last_login_at: null,
  org: { id: '7d9b2a44-0c1e-4e6a-8f3b-5a2c9e1d4b22', name: 'Plant', slug: 'plant', role: 'admin', apps: [] },
  user_credentials: {
    user_setting: {
      visual_settings: {
        recently_visited_apps: [],
        taskbar_pos: 'bottom',
        desktop_wallpaper: 'none',
        sidebar_color: 'theme1',
        color_scheme: 'light',
      },
      data_settings: { timezone: 'UTC', date_format: 'YYYY-MM-DD' },
    },
  },
  abilities: { apps: [], permissions: [] },
};

function makeStore() {
  return configureStore({
    reducer: { ...workspaceReducers, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}
const settingsCalls = () => calls.filter((c) => c.url === '/me/settings');

describe('workspace thunks', () => {
  beforeEach(() => {
    calls.length = 0;
    fail.next = false;
  });

  it('launching opens the app, puts it first in recent apps and saves the list to the profile', async () => {
    const store = makeStore();
    store.dispatch(launchApp('alerts'));
    store.dispatch(launchApp('pdm'));
    store.dispatch(launchApp('alerts'));
    expect(store.getState().recentApps.apps).toEqual(['alerts', 'pdm']);
    expect(store.getState().windows.alerts).toMatchObject({ appState: 'maximize', appZindex: 1030 });
    await vi.waitFor(() => expect(settingsCalls()).toHaveLength(3));
    expect(settingsCalls().map((c) => c.body)).toEqual([
      { visual_settings: { recently_visited_apps: ['alerts'] } },
      { visual_settings: { recently_visited_apps: ['pdm', 'alerts'] } },
      { visual_settings: { recently_visited_apps: ['alerts', 'pdm'] } },
    ]);
    expect(settingsCalls()[0]?.method).toBe('PUT');
  });

  it('relaunching the newest app raises it without saving again', async () => {
    const store = makeStore();
    store.dispatch(launchApp('alerts'));
    store.dispatch(launchApp('alerts'));
    expect(store.getState().windows.alerts.appZindex).toBe(1020);
    await vi.waitFor(() => expect(settingsCalls()).toHaveLength(1));
  });

  it('launching closes the launcher and the slider', () => {
    const store = makeStore();
    store.dispatch({ type: 'workspaceUi/setLauncherOpen', payload: true });
    store.dispatch(launchApp('alerts'));
    expect(store.getState().workspaceUi.launcherOpen).toBe(false);
  });

  it('focusing raises a window only when it is not already in front', () => {
    const store = makeStore();
    store.dispatch(launchApp('alerts'));
    store.dispatch(launchApp('pdm'));
    store.dispatch(focusApp('pdm'));
    expect(store.getState().windows.pdm.appZindex).toBe(1020);
    store.dispatch(focusApp('alerts'));
    expect(store.getState().windows.alerts.appZindex).toBe(1030);
  });

  it('a taskbar button minimizes the front app and brings any other forward', () => {
    const store = makeStore();
    store.dispatch(launchApp('alerts'));
    store.dispatch(launchApp('pdm'));
    store.dispatch(toggleFromTaskbar('pdm'));
    expect(store.getState().windows.pdm).toMatchObject({ appState: 'minimize', appZindex: 0 });
    store.dispatch(toggleFromTaskbar('pdm'));
    // alerts (1010) is the top now, so pdm comes back just above it.
    expect(store.getState().windows.pdm).toMatchObject({ appState: 'maximize', appZindex: 1020 });
    store.dispatch(toggleFromTaskbar('alerts'));
    expect(store.getState().windows.alerts.appZindex).toBe(1030);
  });

  it('updateSettings patches the cached profile at once and rolls it back on failure', async () => {
    const store = makeStore();
    await store.dispatch(profileApi.endpoints.getMe.initiate());
    const visual = () =>
      profileApi.endpoints.getMe.select()(store.getState()).data?.user_credentials.user_setting
        .visual_settings;

    fail.next = true;
    const pending = store.dispatch(
      profileApi.endpoints.updateSettings.initiate({ visual_settings: { taskbar_pos: 'left' } }),
    );
    expect(visual()?.taskbar_pos).toBe('left');
    await pending;
    expect(visual()?.taskbar_pos).toBe('bottom');
  });
});
