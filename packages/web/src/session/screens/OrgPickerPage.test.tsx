import { STORAGE_KEYS } from '@ferrite/contracts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { installDomShims, renderWithProviders } from '../../ui/test-utils';
import { cancelScheduledRefresh } from '../lifecycle';
import { sessionActions } from '../sessionSlice';
import { fakeJwt, mockFetch } from '../test-helpers';
import { OrgPickerPage } from './OrgPickerPage';

vi.mock('../navigation', () => ({ navigateTo: vi.fn(), setNavigator: vi.fn() }));
vi.mock('../notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const USER_ID = '11111111-1111-4111-8111-111111111111';
const ORG_A = '22222222-2222-4222-8222-222222222222';
const ORG_B = '33333333-3333-4333-8333-333333333333';
const LONG = 'Northern Regional Water Treatment and Distribution Authority — Plant 7';
const user = { id: USER_ID, name: 'Ada', email: 'ada@acme.io', avatar: 9, is_platform_admin: false };
const orgs = [
  { id: ORG_A, name: 'Demo Plant', slug: 'demo-plant', role: 'admin' as const },
  {
    id: ORG_B,
    name: LONG,
    slug: 'northern-regional-water-treatment-plant-7',
    role: 'member' as const,
  },
];
const step = { user, orgs, auth_token: 'step', auth_token_expires_in: 600 };

beforeAll(installDomShims);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  cancelScheduledRefresh();
  vi.unstubAllGlobals();
});

function renderPicker(store = createStore()) {
  renderWithProviders(
    <MemoryRouter initialEntries={['/orgs']}>
      <Routes>
        <Route path="/orgs" element={<OrgPickerPage />} />
        <Route path="/" element={<p>desktop</p>} />
        <Route path="/user/login" element={<p>sign-in page</p>} />
      </Routes>
    </MemoryRouter>,
    { store },
  );
  return store;
}

describe('organization picker', () => {
  it('shows whole names and addresses, wrapped rather than cut, with both in the tooltip', () => {
    const store = createStore();
    store.dispatch(sessionActions.signInSucceeded({ ...step, receivedAt: Date.now() }));
    renderPicker(store);
    const name = screen.getByText(LONG);
    expect(name).not.toHaveAttribute('data-truncate');
    const card = screen.getByRole('button', { name: `Open ${LONG} (Member)` });
    expect(card).toHaveAttribute(
      'title',
      expect.stringContaining('northern-regional-water-treatment-plant-7'),
    );
    for (const slug of screen.getAllByTestId('org-card-slug'))
      expect(slug).not.toHaveAttribute('data-truncate');
  });

  it('reached by "Switch organization", marks the current organization and goes back to it without signing in again', async () => {
    const store = createStore();
    store.dispatch(
      sessionActions.orgLoginSucceeded({ userId: USER_ID, orgId: ORG_A, accessToken: 'a', expiresAt: null }),
    );
    store.dispatch(sessionActions.signInSucceeded({ ...step, receivedAt: Date.now() }));
    renderPicker(store);
    expect(screen.getByRole('button', { name: 'Open Demo Plant (Admin, current)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Demo Plant' }));
    expect(await screen.findByText('desktop')).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ isUserLoggedIn: true, orgId: ORG_A });
  });

  it('opened afresh with a stored session, validates it and then lists the organizations', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, fakeJwt(900));
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'stored-refresh');
    const { calls } = mockFetch((req) => {
      if (req.path === '/api/validate-token') {
        const expires_at = new Date(Date.now() + 900_000).toISOString();
        return { status: 200, body: { is_valid: true, user_id: USER_ID, org_id: ORG_A, expires_at } };
      }
      if (req.path === '/api/switch-org') return { status: 200, body: step };
      return { status: 404, body: {} };
    });
    renderPicker();
    expect(screen.getByText('Checking your session…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Choose an organization' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/api/validate-token', '/api/switch-org']);
  });

  it('starts keyboard focus on the first organization, or on the current one when switching', () => {
    const store = createStore();
    store.dispatch(sessionActions.signInSucceeded({ ...step, receivedAt: Date.now() }));
    renderPicker(store);
    expect(screen.getByRole('button', { name: 'Open Demo Plant (Admin)' })).toHaveFocus();
    cleanup();

    const switching = createStore();
    switching.dispatch(
      sessionActions.orgLoginSucceeded({ userId: USER_ID, orgId: ORG_B, accessToken: 'a', expiresAt: null }),
    );
    switching.dispatch(sessionActions.signInSucceeded({ ...step, receivedAt: Date.now() }));
    renderPicker(switching);
    expect(screen.getByRole('button', { name: `Open ${LONG} (Member, current)` })).toHaveFocus();
  });

  it('without a step or a stored session goes to sign-in', async () => {
    const { calls } = mockFetch(() => ({ status: 404, body: {} }));
    renderPicker();
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
