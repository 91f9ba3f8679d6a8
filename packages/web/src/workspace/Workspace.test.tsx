import { type MeResponse, PRIMARY_BRAND } from '@ferrite/contracts';
import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../app/baseQuery', () => ({
  ferriteBaseQuery: async (args: string | { url: string }) => {
    const url = typeof args === 'string' ? args : args.url;
    // Only the profile is served; app lists answer 404 and show their error state.
    return url === '/me' ? { data: me } : { error: { title: 'Not found', detail: '', status: 404 } };
  },
}));
vi.mock('../session', () => ({ logout: vi.fn(() => ({ type: 'test/logout' })), lockScreenLogout: vi.fn() }));

const { api } = await import('../app/api');
const { BrandContext } = await import('../brand/useBrand');
const { workspaceReducers } = await import('./reducers');
const { appReducers } = await import('../apps/reducers');
const { Workspace } = await import('./Workspace');
const { FocusReturn } = await import('../ui/focusReturn');

const me: MeResponse = {
  id: '3f1c1f7e-4a55-4e1b-9d47-2b8e5f0c9a11',
  name: 'Ada Admin',
  email: 'ada@example.com',
  avatar: 9,
  is_platform_admin: false,
  phone: null,
  last_login_at: null,
  // Deliberately out of registry order, and without most apps.
  org: {
    id: '7d9b2a44-0c1e-4e6a-8f3b-5a2c9e1d4b22',
    name: 'Plant',
    slug: 'plant',
    role: 'admin',
    apps: ['dashboards', 'pdm', 'iotManager', 'roleManager'],
  },
  user_credentials: {
    user_setting: {
      visual_settings: {
        recently_visited_apps: ['dashboards'],
        taskbar_pos: 'left',
        desktop_wallpaper: 'dunes',
        sidebar_color: 'theme2',
        color_scheme: 'light',
      },
      data_settings: { timezone: 'UTC', date_format: 'YYYY-MM-DD' },
    },
  },
  // iotManager is the org's but not granted to this user; alerts is granted but not the org's: neither shows.
  abilities: { apps: ['dashboards', 'pdm', 'roleManager', 'alerts'], permissions: [] },
};

beforeAll(() => {
  // jsdom lacks the layout APIs Mantine's floating elements probe.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

function renderWorkspace() {
  const store = configureStore({
    // App state too: an opened app's sections read their own slices.
    reducer: { ...workspaceReducers, ...appReducers, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  render(
    <Provider store={store}>
      <MantineProvider>
        <BrandContext.Provider value={PRIMARY_BRAND}>
          <FocusReturn />
          <Workspace />
        </BrandContext.Provider>
      </MantineProvider>
    </Provider>,
  );
  return store;
}

const windowOf = (key: string) =>
  document.querySelector<HTMLElement>(`[data-testid="app-window"][data-app-key="${key}"]`);

describe('Workspace', () => {
  it('shows the organization apps in registry order with the profile layout', async () => {
    renderWorkspace();
    const icons = await screen.findAllByTestId('desktop-icon');
    expect(icons.map((icon) => icon.dataset.appKey)).toEqual(['roleManager', 'dashboards', 'pdm']);
    expect(screen.getByRole('navigation', { name: 'Taskbar' })).toHaveAttribute('data-position', 'left');
    expect(screen.getByRole('button', { name: 'Open launcher' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch apps' })).toBeInTheDocument();
  });

  it('moves focus into an opened window and takes the covered desktop icons out of the tab order', async () => {
    renderWorkspace();
    const icons = await screen.findAllByTestId('desktop-icon');
    const iconArea = screen.getByTestId('desktop-icons');
    expect(iconArea).not.toHaveAttribute('inert');
    fireEvent.click(icons.find((i) => i.dataset.appKey === 'pdm')!);
    expect(windowOf('pdm')).toHaveAttribute('data-app-state', 'maximize');
    expect(windowOf('pdm')!.contains(document.activeElement)).toBe(true);
    expect(iconArea).toHaveAttribute('inert');

    fireEvent.click(within(windowOf('pdm')!).getByRole('button', { name: 'Minimize' }));
    expect(iconArea).not.toHaveAttribute('inert');
  });

  it('gives focus back to the desktop icon that opened a window when it is minimized or closed', async () => {
    renderWorkspace();
    const icons = await screen.findAllByTestId('desktop-icon');
    const pdm = icons.find((i) => i.dataset.appKey === 'pdm')!;
    pdm.focus();
    fireEvent.click(pdm);
    expect(windowOf('pdm')!.contains(document.activeElement)).toBe(true);

    fireEvent.click(within(windowOf('pdm')!).getByRole('button', { name: 'Minimize' }));
    await waitFor(() => expect(pdm).toHaveFocus());

    fireEvent.click(document.querySelector('[data-taskbar-app="pdm"]')!);
    expect(windowOf('pdm')!.contains(document.activeElement)).toBe(true);
    fireEvent.click(within(windowOf('pdm')!).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(pdm).toHaveFocus());
  });

  it('gives focus back to the launcher button when the window it opened closes', async () => {
    renderWorkspace();
    const start = await screen.findByRole('button', { name: 'Open launcher' });
    start.focus();
    fireEvent.click(start);
    const launcher = await screen.findByTestId('launcher');
    const item = launcher.querySelector<HTMLElement>(
      '[data-launcher-group="all"][data-app-key="roleManager"]',
    )!;
    item.focus();
    fireEvent.click(item);
    expect(windowOf('roleManager')!.contains(document.activeElement)).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('launcher')).toBeNull());
    // The launcher closing does not pull focus back out of the window it just opened.
    expect(windowOf('roleManager')!.contains(document.activeElement)).toBe(true);

    fireEvent.click(within(windowOf('roleManager')!).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(start).toHaveFocus());
  });

  it('gives focus back to the launcher button when the launcher closes with Escape', async () => {
    renderWorkspace();
    const start = await screen.findByRole('button', { name: 'Open launcher' });
    start.focus();
    fireEvent.click(start);
    const search = await screen.findByRole('textbox', { name: 'Search apps' });
    search.focus();
    fireEvent.keyDown(search, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('launcher')).toBeNull());
    await waitFor(() => expect(start).toHaveFocus());
  });

  it('leaves focus in the window that comes back to the front when the top one closes', async () => {
    renderWorkspace();
    const icons = await screen.findAllByTestId('desktop-icon');
    fireEvent.click(icons.find((i) => i.dataset.appKey === 'pdm')!);
    fireEvent.click(screen.getByRole('button', { name: 'Open launcher' }));
    const launcher = await screen.findByTestId('launcher');
    fireEvent.click(launcher.querySelector('[data-launcher-group="all"][data-app-key="dashboards"]')!);
    expect(windowOf('dashboards')!.contains(document.activeElement)).toBe(true);

    fireEvent.click(within(windowOf('dashboards')!).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(windowOf('pdm')).toHaveFocus());
  });

  it('keeps focus in the window brought forward from the app slider', async () => {
    renderWorkspace();
    const icons = await screen.findAllByTestId('desktop-icon');
    fireEvent.click(icons.find((i) => i.dataset.appKey === 'pdm')!);
    fireEvent.click(icons.find((i) => i.dataset.appKey === 'dashboards')!);
    fireEvent.click(screen.getByRole('button', { name: 'Switch apps' }));
    const slider = await screen.findByRole('toolbar', { name: 'Apps' });
    fireEvent.click(slider.querySelector('[data-slider-app="pdm"]')!);
    // The slider closes after its transition, which a busy machine stretches past the default second.
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Apps' })).toBeNull(), {
      timeout: 5_000,
    });
    expect(windowOf('pdm')).toHaveFocus();
  });

  it('opens windows stacked 1010 then 1020, lists only visible sections, minimizes and closes', async () => {
    const store = renderWorkspace();
    const icons = await screen.findAllByTestId('desktop-icon');
    fireEvent.click(icons.find((i) => i.dataset.appKey === 'pdm')!);
    fireEvent.click(icons.find((i) => i.dataset.appKey === 'roleManager')!);
    expect(windowOf('pdm')).toHaveStyle({ zIndex: '1010' });
    expect(windowOf('roleManager')).toHaveStyle({ zIndex: '1020' });
    expect(windowOf('roleManager')).toHaveAttribute('data-app-state', 'maximize');

    const sections = within(windowOf('roleManager')!).getByRole('navigation', {
      name: 'Role Manager sections',
    });
    const keys = [...sections.querySelectorAll<HTMLElement>('[data-section-key]')].map(
      (b) => b.dataset.sectionKey,
    );
    expect(keys).toEqual(['roleManager', 'usersGroups', 'users', 'projects']);
    expect(sections).toHaveAttribute('data-sidebar-color', 'theme2');

    fireEvent.click(within(sections).getByText('Users'));
    expect(windowOf('roleManager')).toHaveAttribute('data-section', 'users');
    // The app's code loads lazily on first open, which takes a while under a full parallel run.
    expect(
      await within(windowOf('roleManager')!).findByText('My Users', {}, { timeout: 8000 }),
    ).toBeInTheDocument();

    fireEvent.click(within(windowOf('roleManager')!).getByRole('button', { name: 'Minimize' }));
    expect(windowOf('roleManager')).toHaveAttribute('data-app-state', 'minimize');
    expect(windowOf('roleManager')).not.toBeVisible();

    await act(async () => {
      fireEvent.click(within(windowOf('pdm')!).getByRole('button', { name: 'Close' }));
    });
    expect(windowOf('pdm')).toBeNull();
    expect(store.getState().recentApps.apps).toEqual(['roleManager', 'pdm', 'dashboards']);
    // Role Manager's chunk loads on first open: under a full parallel run that outlasts the default 5 s.
  }, 15_000);

  it('marks an app that is not built yet as coming soon on the desktop, in the launcher and in the slider', async () => {
    renderWorkspace();
    const icons = await screen.findAllByTestId('desktop-icon');
    const icon = (key: string) => icons.find((i) => i.dataset.appKey === key)!;
    // PDM is a placeholder (manifest `comingSoon`); Dashboards and Role Manager are built.
    expect(within(icon('pdm')).getByText('Coming soon')).toBeInTheDocument();
    expect(within(icon('dashboards')).queryByText('Coming soon')).toBeNull();
    expect(within(icon('roleManager')).queryByText('Coming soon')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open launcher' }));
    const launcher = await screen.findByTestId('launcher');
    const marked = (group: string) =>
      [...launcher.querySelectorAll<HTMLElement>(`[data-launcher-group="${group}"]`)]
        .filter((item) => within(item).queryByText('Coming soon'))
        .map((item) => item.dataset.appKey);
    expect(marked('all')).toEqual(['pdm']);
    // The recent row (Dashboards) carries no mark; PDM joins it once opened.
    expect(marked('recent')).toEqual([]);
    fireEvent.click(launcher.querySelector('[data-launcher-group="all"][data-app-key="pdm"]')!);

    fireEvent.click(screen.getByRole('button', { name: 'Switch apps' }));
    const slider = await screen.findByRole('toolbar', { name: 'Apps' });
    const card = (key: string) => slider.querySelector<HTMLElement>(`[data-slider-app="${key}"]`)!;
    expect(within(card('pdm')).getByText('Coming soon')).toBeInTheDocument();
    expect(within(card('dashboards')).queryByText('Coming soon')).toBeNull();
  });

  it('collapses the sidebar to icons', async () => {
    renderWorkspace();
    const icons = await screen.findAllByTestId('desktop-icon');
    fireEvent.click(icons[1]!);
    fireEvent.click(within(windowOf('dashboards')!).getByRole('button', { name: 'Collapse sidebar' }));
    expect(
      within(windowOf('dashboards')!).getByRole('button', { name: 'Expand sidebar' }),
    ).toBeInTheDocument();
    expect(within(windowOf('dashboards')!).getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });
});
