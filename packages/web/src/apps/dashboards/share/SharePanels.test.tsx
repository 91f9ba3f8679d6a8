import type { DashboardExport } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { DASHBOARD_ID, fakeDashServer } from '../testing';
import { LinkPanel } from './LinkPanel';
import { PeoplePanel } from './PeoplePanel';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const UUID = '9a0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a99';

function link(overrides: Partial<DashboardExport> = {}): DashboardExport {
  return {
    uuid: UUID,
    dashboard_id: DASHBOARD_ID,
    url: `/dashboards/${UUID}`,
    status: 'active',
    expires_at: null,
    revoked_at: null,
    password_set_at: '2026-05-01T10:00:00.000Z',
    created_by: null,
    created_at: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('sharing by link', () => {
  it('creates a link and shows its password once, with the address on this host', async () => {
    const bodies: unknown[] = [];
    fakeDashServer({
      [`POST /dashboards/${DASHBOARD_ID}/export`]: (req) => {
        bodies.push(req.body);
        return { status: 201, body: { export: link(), password: 'Gen3rated#pw' } };
      },
    });
    renderWithProviders(<LinkPanel dashboardId={DASHBOARD_ID} links={[]} />);
    expect(screen.getByText('No links yet.')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create link' });
    await waitFor(() => expect(create).toBeEnabled());
    fireEvent.click(create);
    expect(await screen.findByTestId('share-password')).toHaveTextContent('Gen3rated#pw');
    expect(screen.getByTestId('share-link')).toHaveTextContent(
      `${window.location.origin}/dashboards/${UUID}`,
    );
    expect(bodies[0]).toEqual({ expires_at: null });
  });

  it('revokes a link after asking', async () => {
    const bodies: unknown[] = [];
    fakeDashServer({
      [`PUT /dashboards/${DASHBOARD_ID}/export/${UUID}`]: (req) => {
        bodies.push(req.body);
        return { status: 200, body: { export: link({ status: 'revoked' }), password: null } };
      },
    });
    renderWithProviders(<LinkPanel dashboardId={DASHBOARD_ID} links={[link()]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Link menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-message')).toHaveTextContent(
      'Are you sure you want to Revoke?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(bodies).toEqual([{ revoked: true }]));
  });
});

describe('sharing with people', () => {
  it('lists who has it, shares by e-mail and revokes', async () => {
    const calls: string[] = [];
    const shared = {
      email: 'bo@example.com',
      user: { id: 'u', name: 'Bo Builder', email: 'bo@example.com' },
      shared_by: null,
      created_at: '2026-05-01T10:00:00.000Z',
    };
    fakeDashServer({
      [`GET /dashboard/${DASHBOARD_ID}/users`]: { status: 200, body: { users: [shared] } },
      [`POST /dashboard/${DASHBOARD_ID}/share`]: (req) => {
        calls.push(`share ${JSON.stringify(req.body)}`);
        return { status: 201, body: { users: [shared] } };
      },
      [`DELETE /dashboard/${DASHBOARD_ID}/revoke/bo%40example.com`]: () => {
        calls.push('revoke');
        return { status: 204 };
      },
    });
    renderWithProviders(<PeoplePanel dashboardId={DASHBOARD_ID} />);
    expect(await screen.findByText('Bo Builder')).toBeInTheDocument();

    const input = screen.getByPlaceholderText('name@company.com');
    await userEvent.type(input, 'cy@example.com{enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(calls).toContain('share {"emails":["cy@example.com"],"message":""}'));

    fireEvent.click(screen.getByRole('button', { name: 'Revoke bo@example.com' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls).toContain('revoke'));
  });

  it('refuses an address that is not an e-mail (spec §5)', async () => {
    fakeDashServer({ [`GET /dashboard/${DASHBOARD_ID}/users`]: { status: 200, body: { users: [] } } });
    renderWithProviders(<PeoplePanel dashboardId={DASHBOARD_ID} />);
    const input = screen.getByPlaceholderText('name@company.com');
    await userEvent.type(input, 'not-an-email{enter}');
    expect(await screen.findByText(/Email must be valid/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
  });
});
