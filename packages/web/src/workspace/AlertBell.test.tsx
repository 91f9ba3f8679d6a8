import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { alertFixture, fakeAlertsServer, ORG_ID } from '../apps/alerts/testing';
import { installDomShims, renderWithProviders } from '../ui/test-utils';
import { AlertBell, toastCritical } from './AlertBell';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 8_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER = '3f1c1f7e-4a55-4e1b-9d47-2b8e5f0c9a11';

describe('the taskbar bell', () => {
  it('shows the unread count and, clicked, opens the Alerts inbox and marks them read', async () => {
    const { calls } = fakeAlertsServer({
      'GET /inbox/unread': { status: 200, body: { unread: 3 } },
      'POST /inbox/read': { status: 200, body: {} },
    });
    const { store } = renderWithProviders(<AlertBell orgId={ORG_ID} userId={USER} tooltipPosition="top" />);
    const bell = await screen.findByRole('button', { name: 'Alerts: 3 unread' });
    expect(screen.getByTestId('alert-bell-count')).toHaveTextContent('3');
    fireEvent.click(bell);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/inbox/read'))).toBe(true),
    );
    const windows = (
      store.getState() as { windows: Record<string, { appState: string; currentSection: string }> }
    ).windows;
    expect(windows.alerts?.appState).not.toBe('closed');
    expect(windows.alerts?.currentSection).toBe('inbox');
  });

  it('stays quiet with nothing unread, and when the count cannot be read', async () => {
    fakeAlertsServer({ 'GET /inbox/unread': { status: 500, body: { title: 'Boom', status: 500 } } });
    renderWithProviders(<AlertBell orgId={ORG_ID} userId={USER} tooltipPosition="top" />);
    expect(await screen.findByRole('button', { name: 'Alerts: nothing unread' })).toBeInTheDocument();
    expect(screen.queryByText(/Boom|went wrong/)).toBeNull();
  });

  it('toasts only critical alerts', async () => {
    const { notifications } = await import('@mantine/notifications');
    const show = vi.spyOn(notifications, 'show');
    toastCritical({ alert: alertFixture({ severity: 'major' }), user_ids: [USER] });
    expect(show).not.toHaveBeenCalled();
    toastCritical({
      alert: alertFixture({ severity: 'critical', description: 'Bearing at 91 °C' }),
      user_ids: [USER],
    });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'Bearing at 91 °C' }));
  });
});
