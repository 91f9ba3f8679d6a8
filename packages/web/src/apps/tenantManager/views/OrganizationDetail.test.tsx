import { APP_KEYS, DEFAULT_ORG_LIMITS, type Organization } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../app/store';
import { sessionActions } from '../../../session/sessionSlice';
import { mockFetch } from '../../../session/test-helpers';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { OrganizationDetail } from './OrganizationDetail';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const org: Organization = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Acme Foundry',
  slug: 'acme-foundry',
  apps: [...APP_KEYS],
  limits: DEFAULT_ORG_LIMITS,
  user_count: 12,
  admin: null,
  created_at: '2026-01-05T10:00:00.000Z',
  archived_at: null,
};

function serve() {
  return mockFetch((req) => {
    if (req.method === 'GET' && req.path === `/api/tenant_mgmt/orgs/${org.id}`)
      return { status: 200, body: org };
    if (req.method === 'PUT') return { status: 200, body: { ...org, ...(req.body as object) } };
    return { status: 404, body: { title: 'Not found', status: 404, detail: req.path } };
  });
}

async function renderDetail(signedInOrgId: string) {
  const { calls } = serve();
  const store = createStore();
  store.dispatch(
    sessionActions.orgLoginSucceeded({
      userId: 'u1',
      orgId: signedInOrgId,
      accessToken: 'token',
      expiresAt: null,
    }),
  );
  const result = renderWithProviders(<OrganizationDetail id={org.id} />, { store });
  await screen.findByTestId('organization-detail');
  return { ...result, calls };
}

describe('organization detail guards', () => {
  it('asks before an app is removed from every member, and Cancel leaves the apps as they were', async () => {
    const { calls } = await renderDetail('00000000-0000-4000-8000-0000000000ff');
    fireEvent.click(screen.getByRole('switch', { name: 'Alerts' }));
    expect(
      await screen.findByText(/Alerts will be removed from Acme Foundry: every member loses it/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-message')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'Alerts' })).toBeChecked();
  });

  it('removes the app once confirmed', async () => {
    const { calls } = await renderDetail('00000000-0000-4000-8000-0000000000ff');
    fireEvent.click(screen.getByRole('switch', { name: 'Alerts' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove app' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT') as { body: { apps: string[] } };
    expect(put.body.apps).not.toContain('alerts');
  });

  it('adding an app needs no confirmation', async () => {
    const partial = { ...org, apps: APP_KEYS.filter((key) => key !== 'alerts') };
    const { calls } = mockFetch((req) => {
      if (req.method === 'GET') return { status: 200, body: partial };
      return { status: 200, body: { ...partial, ...(req.body as object) } };
    });
    renderWithProviders(<OrganizationDetail id={org.id} />);
    await screen.findByTestId('organization-detail');
    fireEvent.click(screen.getByRole('switch', { name: 'Alerts' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(screen.queryByTestId('confirm-message')).not.toBeInTheDocument();
  });

  it('offers no one-click Archive for the organization the admin is signed in to', async () => {
    const { calls } = await renderDetail(org.id);
    const archive = screen.getByRole('button', { name: 'Archive' });
    expect(archive).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(archive);
    expect(screen.queryByTestId('confirm-message')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('archives another organization after the confirmation', async () => {
    await renderDetail('00000000-0000-4000-8000-0000000000ff');
    const archive = screen.getByRole('button', { name: 'Archive' });
    expect(archive).not.toHaveAttribute('aria-disabled');
    fireEvent.click(archive);
    expect(await screen.findByText('Are you sure you want to Archive?')).toBeInTheDocument();
  });
});
