import type { DashboardDetail, DashboardListResponse } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import DashboardsApp from '../App';
import { DASH_ALL, DASHBOARD_ID, dashboardFixture, fakeDashServer } from '../testing';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const detail = {
  ...dashboardFixture(),
  panels: [],
  exports: [],
  shared_with: 0,
} as unknown as DashboardDetail;

const list: DashboardListResponse = {
  dashboards: [dashboardFixture()],
  total_entries: 1,
  counts: { active: 1, archived: 0 },
  abilities: DASH_ALL,
};

describe('the dashboard detail page (spec §2/§3 breadcrumbs)', () => {
  it('shows the Dashboard Details trail: the list it came from, then the dashboard as the heading, once', async () => {
    fakeDashServer({
      'GET /dashboards': { status: 200, body: list },
      [`GET /dashboards/${DASHBOARD_ID}`]: { status: 200, body: detail },
    });
    const step = { timeout: 10_000 };
    renderWithProviders(<DashboardsApp section="open" onNavigate={() => {}} />);
    fireEvent.click(await screen.findByText('Line 1 overview', {}, step));

    // The page redraws its header once the dashboard has loaded: take the trail from the settled page.
    await screen.findByText('No panels yet', {}, step);
    const trail = await screen.findByRole('navigation', { name: 'Dashboard Details breadcrumb' }, step);
    const back = within(trail).getByRole('button', { name: 'Dashboards' });
    expect(within(trail).getByRole('heading', { level: 2, name: 'Line 1 overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The name is the page's one heading, not repeated under the trail.
    expect(screen.getAllByRole('heading', { name: 'Line 1 overview' })).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Dashboards breadcrumb' })).toBeNull();

    fireEvent.click(back);
    expect(
      await screen.findByRole('navigation', { name: 'Dashboards breadcrumb' }, step),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard Details breadcrumb' })).toBeNull();
  }, 30_000);
});
