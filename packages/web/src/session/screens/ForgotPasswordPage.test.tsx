import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTheme } from '../../app/theme';
import { installDomShims } from '../../ui/test-utils';
import { makeTestStore, mockFetch } from '../test-helpers';
import { ForgotPasswordForm } from './ForgotPasswordPage';

vi.mock('../navigation', () => ({ navigateTo: vi.fn(), setNavigator: vi.fn() }));
vi.mock('../notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

beforeAll(installDomShims);
afterEach(() => {
  cleanup(); // vitest runs without globals, so testing-library cannot clean up by itself
  vi.unstubAllGlobals();
});

function renderForm() {
  render(
    <Provider store={makeTestStore()}>
      <MantineProvider theme={buildTheme('primary')} env="test">
        <MemoryRouter>
          <ForgotPasswordForm />
        </MemoryRouter>
      </MantineProvider>
    </Provider>,
  );
}

async function ask(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  return user;
}

describe('forgot-password form', () => {
  it('any answer but a throttle shows the same confirmation', async () => {
    const { calls } = mockFetch(() => ({ status: 202, body: { message: 'on its way' } }));
    renderForm();
    await ask('ada@acme.io');
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: '/api/forgot-password', body: { email: 'ada@acme.io' } });
  });

  it('a throttled request keeps the form and shows the wait, counting down, with the button off', async () => {
    const { calls } = mockFetch(() => ({
      status: 429,
      headers: { 'Retry-After': '2' },
      body: {
        title: 'Too many attempts',
        detail: 'Too many password reset requests. Try again in 2 seconds.',
        status: 429,
      },
    }));
    renderForm();
    const user = await ask('ada@acme.io');
    expect(
      await screen.findByText('Too many password reset requests. Try again in 2 seconds.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Check your inbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeDisabled();
    expect(
      await screen.findByText(
        'Too many password reset requests. Try again in 1 second.',
        {},
        { timeout: 2000 },
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(calls).toHaveLength(1);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled(), {
      timeout: 2000,
    });
    expect(screen.queryByText(/Too many password reset requests/)).not.toBeInTheDocument();
  });
});
