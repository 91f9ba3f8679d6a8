import { EMAIL_HINT, PRIMARY_BRAND } from '@ferrite/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTheme } from '../../app/theme';
import { BrandContext } from '../../brand/useBrand';
import { makeTestStore, mockFetch } from '../test-helpers';
import { LoginForm, LoginPage } from './LoginPage';

vi.mock('../navigation', () => ({ navigateTo: vi.fn(), setNavigator: vi.fn() }));
vi.mock('../notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

beforeAll(() => {
  // jsdom has no matchMedia; Mantine asks it for the colour scheme and reduced motion.
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
});
afterEach(() => {
  cleanup(); // vitest runs without globals, so testing-library cannot clean up by itself
  vi.unstubAllGlobals();
});

function renderForm() {
  const store = makeTestStore();
  render(
    <Provider store={store}>
      <MantineProvider theme={buildTheme('primary')} env="test">
        <MemoryRouter>
          <LoginForm />
        </MemoryRouter>
      </MantineProvider>
    </Provider>,
  );
  return store;
}

describe('sign-in form', () => {
  it('labels its inputs so they can be found by label', () => {
    renderForm();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each(['not-an-email', 'ada@acme', 'ada@acme.toolong', 'a b@acme.io'])(
    "rejects '%s' with exactly 'Email must be valid' and sends nothing",
    async (email) => {
      const { calls } = mockFetch(() => ({ status: 200 }));
      renderForm();
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Email'), email);
      await user.type(screen.getByLabelText('Password'), 'whatever');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByText(EMAIL_HINT)).toBeInTheDocument();
      expect(EMAIL_HINT).toBe('Email must be valid');
      expect(calls).toHaveLength(0);
    },
  );

  it('a valid e-mail is sent to sign-in', async () => {
    const { calls } = mockFetch(() => ({
      status: 401,
      body: { title: 'Invalid email or password', detail: '', status: 401 },
    }));
    const store = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@acme.io');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(store.getState().session.loginFailed).toBe(true));
    expect(screen.queryByText(EMAIL_HINT)).not.toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      path: '/api/sign-in',
      body: { email: 'ada@acme.io', password: 'wrong' },
    });
  });

  it('a throttled sign-in shows the wait, counting down, with the button off until it ends', async () => {
    const { calls } = mockFetch(() => ({
      status: 429,
      headers: { 'Retry-After': '2' },
      body: { title: 'Too many attempts', detail: 'Too many attempts. Try again in 2 seconds.', status: 429 },
    }));
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@acme.io');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many attempts. Try again in 2 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(
      await screen.findByText('Too many attempts. Try again in 1 second.', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'again');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(calls).toHaveLength(1);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled(), {
      timeout: 2000,
    });
    expect(screen.queryByText(/Too many attempts/)).not.toBeInTheDocument();
  });
});

describe('sign-in page focus', () => {
  function renderPage() {
    render(
      <Provider store={makeTestStore()}>
        <MantineProvider theme={buildTheme('primary')} env="test">
          <BrandContext.Provider value={PRIMARY_BRAND}>
            <MemoryRouter>
              <LoginPage />
            </MemoryRouter>
          </BrandContext.Provider>
        </MantineProvider>
      </Provider>,
    );
  }

  it('starts in the e-mail field', () => {
    renderPage();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('makes the e-mail field the first Tab stop, the brand carousel after the form', async () => {
    renderPage();
    const user = userEvent.setup();
    (document.activeElement as HTMLElement).blur();
    await user.tab();
    expect(screen.getByLabelText('Email')).toHaveFocus();

    const slide = screen.getByRole('button', { name: 'Show slide 1' });
    const signIn = screen.getByRole('button', { name: 'Sign in' });
    expect(signIn.compareDocumentPosition(slide) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
