import type { DashboardDetail } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import DashboardsApp from '../App';
import { DASHBOARD_ID, dashboardFixture, fakeDashServer, PANEL_ID } from '../testing';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const made = {
  ...dashboardFixture({ name: 'Boiler room', description: '', widget_count: 0 }),
  panels: [],
  exports: [],
  shared_with: 0,
} as unknown as DashboardDetail;

describe('a dashboard made in New', () => {
  it('lands on the dashboards list when it is deleted, not back on the theme picker', async () => {
    const deletes: string[] = [];
    fakeDashServer({
      'POST /dashboards': { status: 201, body: made },
      [`POST /dashboards/${DASHBOARD_ID}/panels`]: {
        status: 201,
        body: { id: PANEL_ID, dashboard_id: DASHBOARD_ID, name: 'Overview', order: 0 },
      },
      [`GET /dashboards/${DASHBOARD_ID}`]: { status: 200, body: made },
      [`DELETE /dashboards/${DASHBOARD_ID}`]: (req) => {
        deletes.push(req.path);
        return { status: 204 };
      },
    });
    const onNavigate = vi.fn();
    // Each step loads a lazy part of the app; on a busy two-core machine that took over the default 1 s.
    const step = { timeout: 10_000 };
    renderWithProviders(<DashboardsApp section="new" onNavigate={onNavigate} />);
    // A theme picked before the user's permissions arrive is ignored (they may not create): wait for
    // the picker to say it may, as a person reads it, before picking (under load the radios came first).
    await screen.findByText(/A theme sets the dashboard/, {}, step);
    fireEvent.click(await screen.findByRole('radio', { name: 'Control room' }, step));
    fireEvent.change(await screen.findByLabelText(/Name/, {}, step), { target: { value: 'Boiler room' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create dashboard' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Dashboard menu' }, step));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete dashboard' }, step));
    fireEvent.click(
      await within(await screen.findByRole('dialog', {}, step)).findByRole(
        'button',
        { name: 'Delete' },
        step,
      ),
    );
    await waitFor(() => expect(deletes).toHaveLength(1), step);
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('open'), step);
  }, 30_000);
});
