import { appPermissions, type Permission } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { orgUser } from '../state/fixtures';
import { usersTabChanged } from '../state/view';
import { fakeServer, meWith } from '../testing';
import { UsersSection } from './UsersSection';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const members = [orgUser(1, { name: 'Grace Hopper' }), orgUser(2, { name: 'Alan Turing' })];

async function renderUsers(permissions: Permission[]) {
  fakeServer(meWith(permissions), members);
  const result = renderWithProviders(<UsersSection />);
  await screen.findByText('Grace Hopper');
  return result;
}

describe('Users section abilities', () => {
  it('offers Invite and row actions to a caller who may invite and manage users', async () => {
    await renderUsers(appPermissions('roleManager'));
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Grace Hopper' })).toBeInTheDocument();
  });

  it('hides Invite without roleManager.inviteUsers and row actions without manageUsers', async () => {
    await renderUsers(['roleManager.view']);
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Grace Hopper' })).not.toBeInTheDocument();
    // The rows do not open an editor either.
    expect(screen.getByText('Grace Hopper').closest('tr')).not.toHaveAttribute('tabindex');
  });

  it('shows the three tab counts from one users response', async () => {
    await renderUsers(['roleManager.view']);
    expect(screen.getByTestId('tab-count-users')).toHaveTextContent('2');
    expect(screen.getByTestId('tab-count-invites')).toHaveTextContent('2');
  });

  it('starts on the Users tab again when the section is opened again', async () => {
    fakeServer(meWith(['roleManager.view']), members);
    const { store, unmount } = renderWithProviders(<UsersSection />);
    store.dispatch(usersTabChanged('archived'));
    unmount();
    renderWithProviders(<UsersSection />, { store });
    expect(store.getState().roleManager.view.usersTab).toBe('users');
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).getByRole('tab', { name: /Users/ })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Invite user', () => {
  it("refuses a malformed e-mail with 'Email must be valid' and sends nothing", async () => {
    const { calls } = fakeServer(meWith(appPermissions('roleManager')), members);
    renderWithProviders(<UsersSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail/ }), {
      target: { value: 'ada@plant' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Email must be valid')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
