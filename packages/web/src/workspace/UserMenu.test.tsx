import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStore } from '../app/store';
import { navigateTo } from '../session/navigation';
import { sessionActions } from '../session/sessionSlice';
import { mockFetch } from '../session/test-helpers';
import { installDomShims, renderWithProviders } from '../ui/test-utils';
import { meWith } from '../ui/testProfile';
import { UserMenu } from './UserMenu';

vi.mock('../session/navigation', () => ({ navigateTo: vi.fn(), setNavigator: vi.fn() }));

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('account menu', () => {
  it('"Switch organization" opens the organization pick without signing out', async () => {
    const me = meWith([]);
    const step = {
      user: { ...me, is_platform_admin: false },
      orgs: [],
      auth_token: 'step',
      auth_token_expires_in: 600,
    };
    const { calls } = mockFetch((req) =>
      req.path === '/api/switch-org' ? { status: 200, body: step } : { status: 404, body: {} },
    );
    const store = createStore();
    store.dispatch(
      sessionActions.orgLoginSucceeded({
        userId: me.id,
        orgId: me.org.id,
        accessToken: 'a',
        expiresAt: null,
      }),
    );
    renderWithProviders(<UserMenu me={me} position="top" />, { store });
    await userEvent.click(screen.getByRole('button', { name: `Account menu for ${me.name}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Switch organization' }));
    await vi.waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/orgs'));
    expect(calls.map((c) => c.path)).toEqual(['/api/switch-org']);
    expect(store.getState().session.isUserLoggedIn).toBe(true);
  });
});
