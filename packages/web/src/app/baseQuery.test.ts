import { MESSAGES, STORAGE_KEYS } from '@ferrite/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelScheduledRefresh } from '../session/lifecycle';
import { navigateTo } from '../session/navigation';
import { notifyError } from '../session/notify';
import { sessionActions } from '../session/sessionSlice';
import { makeTestStore, mockFetch } from '../session/test-helpers';
import { api } from './api';
import type { FerriteExtraOptions } from './baseQuery';

vi.mock('../session/navigation', () => ({ navigateTo: vi.fn(), setNavigator: vi.fn() }));
vi.mock('../session/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.mutation<unknown, void>({ query: () => ({ url: '/probe', method: 'POST' }) }),
    probeOwnErrors: build.mutation<unknown, void>({
      query: () => ({ url: '/probe', method: 'POST' }),
      extraOptions: { skipForbiddenRedirect: true } satisfies FerriteExtraOptions,
    }),
  }),
});

function loggedInStore(accessToken = 'access-1') {
  localStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(STORAGE_KEYS.userId, 'u1');
  const store = makeTestStore();
  store.dispatch(
    sessionActions.orgLoginSucceeded({ userId: 'u1', orgId: 'o1', accessToken, expiresAt: null }),
  );
  return store;
}

const storedKeys = () => Object.values(STORAGE_KEYS).map((key) => localStorage.getItem(key));

beforeEach(() => {
  localStorage.clear();
  vi.mocked(navigateTo).mockClear();
  vi.mocked(notifyError).mockClear();
});
afterEach(() => {
  cancelScheduledRefresh();
  vi.unstubAllGlobals();
});

describe('ferriteBaseQuery', () => {
  it('sends the session bearer token to /api', async () => {
    const { calls } = mockFetch(() => ({ status: 200, body: { ok: true } }));
    const result = await loggedInStore().dispatch(probeApi.endpoints.probe.initiate());
    expect(result).toMatchObject({ data: { ok: true } });
    expect(calls[0]?.path).toBe('/api/probe');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('403 removes stored tokens and user id and goes to /user/login', async () => {
    mockFetch(() => ({ status: 403, body: { title: 'Forbidden', detail: 'No access', status: 403 } }));
    const store = loggedInStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(result).toMatchObject({ error: { title: 'Forbidden', detail: 'No access', status: 403 } });
    expect(storedKeys()).toEqual([null, null, null]);
    expect(store.getState().session).toMatchObject({ isUserLoggedIn: false, authToken: null });
    expect(navigateTo).toHaveBeenCalledWith('/user/login', { replace: true });
  });

  it('403 on a call that handles it itself leaves the session alone', async () => {
    mockFetch(() => ({ status: 403, body: { title: 'Not a member', detail: '', status: 403 } }));
    const store = loggedInStore();
    await store.dispatch(probeApi.endpoints.probeOwnErrors.initiate());
    expect(storedKeys()).toEqual(['access-1', 'refresh-1', 'u1']);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('500 shows the consult-your-admin notification and returns that problem', async () => {
    mockFetch(() => ({ status: 500, body: { title: 'Internal', detail: 'stack', status: 500 } }));
    const result = await loggedInStore().dispatch(probeApi.endpoints.probe.initiate());
    expect(notifyError).toHaveBeenCalledWith(
      'Please consult with your admin',
      'Something went wrong, please consult with your admin',
    );
    expect(result).toMatchObject({
      error: { title: MESSAGES.serverErrorTitle, detail: MESSAGES.serverErrorDetail, status: 500 },
    });
  });

  it('other errors return the server JSON body as the error', async () => {
    const problem = {
      title: 'Invalid body',
      detail: 'name is required',
      status: 400,
      errors: [{ path: 'name', message: 'Required' }],
    };
    mockFetch(() => ({ status: 400, body: problem }));
    const result = await loggedInStore().dispatch(probeApi.endpoints.probe.initiate());
    expect(result).toEqual({ error: problem });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('an unreachable server gives a status-0 problem', async () => {
    mockFetch(() => ({ status: 200 })); // for its Request stand-in; fetch itself then fails
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const result = await loggedInStore().dispatch(probeApi.endpoints.probe.initiate());
    expect(result).toMatchObject({ error: { status: 0, title: 'Network error' } });
  });

  it('401 refreshes the token once and retries with the new one', async () => {
    const { calls } = mockFetch(({ path, headers }) => {
      if (path === '/api/refresh')
        return {
          status: 200,
          body: { access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 900 },
        };
      return headers.get('Authorization') === 'Bearer access-2'
        ? { status: 200, body: { ok: true } }
        : { status: 401, body: { title: 'Token expired', detail: '', status: 401 } };
    });
    const store = loggedInStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(result).toMatchObject({ data: { ok: true } });
    expect(calls.map((c) => c.path)).toEqual(['/api/probe', '/api/refresh', '/api/probe']);
    expect(storedKeys()).toEqual(['access-2', 'refresh-2', 'u1']);
    expect(store.getState().session.authToken).toBe('access-2');
  });

  it('gives up after one refresh when the retry is refused again', async () => {
    const { calls } = mockFetch(({ path }) =>
      path === '/api/refresh'
        ? { status: 200, body: { access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 900 } }
        : { status: 401, body: { title: 'Nope', detail: '', status: 401 } },
    );
    const result = await loggedInStore().dispatch(probeApi.endpoints.probe.initiate());
    expect(result).toMatchObject({ error: { status: 401 } });
    expect(calls.filter((c) => c.path === '/api/refresh')).toHaveLength(1);
  });

  it('a refused refresh expires the session and goes to /user/login', async () => {
    mockFetch(({ path }) =>
      path === '/api/refresh'
        ? { status: 401, body: { title: 'Refresh token reused', detail: 'Session revoked', status: 401 } }
        : { status: 401, body: { title: 'Token expired', detail: '', status: 401 } },
    );
    const store = loggedInStore();
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(store.getState().session).toMatchObject({ tokenExpired: true, isUserLoggedIn: false });
    expect(storedKeys()).toEqual([null, null, null]);
    expect(navigateTo).toHaveBeenCalledWith('/user/login', { replace: true });
  });

  it('concurrent 401s share one refresh', async () => {
    const { calls } = mockFetch(({ path, headers }) => {
      if (path === '/api/refresh')
        return {
          status: 200,
          body: { access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 900 },
        };
      return headers.get('Authorization') === 'Bearer access-2'
        ? { status: 200, body: { ok: true } }
        : { status: 401, body: { title: 'Token expired', detail: '', status: 401 } };
    });
    const store = loggedInStore();
    await Promise.all([
      store.dispatch(probeApi.endpoints.probe.initiate()),
      store.dispatch(probeApi.endpoints.probe.initiate()),
    ]);
    expect(calls.filter((c) => c.path === '/api/refresh')).toHaveLength(1);
  });
});
