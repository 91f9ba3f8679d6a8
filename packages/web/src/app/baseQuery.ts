/**
 * The one HTTP client of the web app (spec §7, §8): fetchBaseQuery on /api with the session's
 * bearer header; 401 → one token refresh and a retry; 403 → session cleared, /user/login;
 * 5xx → the "consult with your admin" toast; any other error → the server's JSON body.
 */
import { MESSAGES, type Problem } from '@ferrite/contracts';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { endSession, refreshSession } from '../session/lifecycle';
import { notifyError } from '../session/notify';
import { type SessionState, selectAuthToken } from '../session/sessionSlice';

/**
 * Every API error the client returns: the server's problem body (or one shaped like it), with the
 * seconds a 429's Retry-After asks to wait.
 */
export type ApiProblem = Problem & { retryAfterSeconds?: number };

/** Per-endpoint opt-outs for calls that handle these statuses themselves. */
export interface FerriteExtraOptions {
  /** No refresh-and-retry on 401 (sign-in, token validation, invitation checks). */
  skipRefresh?: boolean;
  /** No sign-out on 403 (org sign-in answers 403 to a non-member: an error to show, not a logout). */
  skipForbiddenRedirect?: boolean;
  /** No toast on 5xx: the view keeps its previous or empty state (spec §8: alert fetch failures are silent). */
  silent?: boolean;
}

type WithSession = { session: SessionState };

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders(headers, { getState }) {
    const token = selectAuthToken(getState() as WithSession);
    // A call may bring its own Authorization (validate-token checks a stored, not-yet-active token).
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

function isProblemBody(data: unknown): data is Partial<Problem> & { title: string } {
  return typeof data === 'object' && data !== null && typeof (data as { title?: unknown }).title === 'string';
}

/** Shapes any fetchBaseQuery error as the server's problem body. */
export function toProblem(error: FetchBaseQueryError): ApiProblem {
  if (typeof error.status === 'number') {
    if (isProblemBody(error.data)) {
      return { detail: '', ...error.data, status: error.data.status ?? error.status } as ApiProblem;
    }
    return {
      title: `Request failed (${error.status})`,
      detail: String(error.data ?? ''),
      status: error.status,
    };
  }
  if (error.status === 'FETCH_ERROR') {
    return {
      title: 'Network error',
      detail: 'The server could not be reached. Check your connection.',
      status: 0,
    };
  }
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : 0;
  return { title: `Request failed (${status || error.status})`, detail: error.error, status };
}

function serverErrorProblem(status: number): ApiProblem {
  return { title: MESSAGES.serverErrorTitle, detail: MESSAGES.serverErrorDetail, status };
}

/** The baseQuery given to createApi; see the file comment for what it does on each status. */
export const ferriteBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiProblem,
  FerriteExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions = {}) => {
  const getState = api.getState as () => WithSession;
  const dispatch = api.dispatch as Dispatch<UnknownAction>;
  let result = await rawBaseQuery(args, api, {});

  if (result.error?.status === 401 && !extraOptions.skipRefresh && getState().session.interceptorEnabled) {
    const renewed = await refreshSession(dispatch, getState);
    // The retry picks the new token up from the state in prepareHeaders; a second 401 is final.
    if (renewed) result = await rawBaseQuery(args, api, {});
  }
  if (!result.error) return { data: result.data, meta: result.meta };

  const status = typeof result.error.status === 'number' ? result.error.status : 0;
  if (status === 403 && !extraOptions.skipForbiddenRedirect) {
    endSession(dispatch, 'loggedOut');
  } else if (status >= 500) {
    if (!extraOptions.silent) notifyError(MESSAGES.serverErrorTitle, MESSAGES.serverErrorDetail);
    return { error: serverErrorProblem(status), meta: result.meta };
  }
  return { error: withRetryAfter(toProblem(result.error), result.meta?.response), meta: result.meta };
};

/** Adds a 429's Retry-After (in seconds; an HTTP date is not sent by this server) to its problem. */
function withRetryAfter(problem: ApiProblem, response: Response | undefined): ApiProblem {
  const header = problem.status === 429 ? response?.headers.get('retry-after') : null;
  const seconds = header && /^\d+$/.test(header) ? Number(header) : null;
  return seconds === null ? problem : { ...problem, retryAfterSeconds: seconds };
}
