/** A small JSON client for Ferrite's REST API, and the two-step sign-in (user, then organization). */
import type { OrgSignInResponse, Problem, SignInResponse } from '@ferrite/contracts';

const TIMEOUT_MS = 30_000;

/** A failed API call, with the status and the server's own explanation. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class FerriteApi {
  constructor(
    readonly baseUrl: string,
    readonly accessToken?: string,
  ) {}

  /** Calls `/api{path}`; answers the parsed JSON body, throws ApiError on any non-2xx answer. */
  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const url = `${this.baseUrl.replace(/\/$/, '')}/api${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          ...(this.accessToken ? { authorization: `Bearer ${this.accessToken}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new ApiError(0, `${method} ${url}: cannot reach Ferrite (${cause})`);
    }
    const text = await response.text();
    if (!response.ok)
      throw new ApiError(response.status, `${method} /api${path}: ${explain(response, text)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  post<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
    return this.request<T>('POST', path, body, headers);
  }

  put<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('PUT', path, body);
  }
}

function explain(response: Response, text: string): string {
  try {
    const problem = JSON.parse(text) as Partial<Problem>;
    const fields = problem.errors?.map((e) => `${e.path}: ${e.message}`).join('; ');
    return `${response.status} ${problem.detail ?? problem.title ?? response.statusText}${fields ? ` (${fields})` : ''}`;
  } catch {
    return `${response.status} ${response.statusText}${text ? ` ${text.slice(0, 200)}` : ''}`;
  }
}

export interface Session {
  api: FerriteApi;
  orgId: string;
  orgName: string;
  /** Ends the session with the access token (POST /api/sign-out). */
  refreshToken: string;
}

/**
 * Signs in as a user, then into one organization (`org`: its name or id; default the first). The
 * sign-in answers a short-lived token that the organization sign-in takes as its Auth-Token header.
 */
export async function signIn(url: string, email: string, password: string, org?: string): Promise<Session> {
  const anonymous = new FerriteApi(url);
  const user = await anonymous.post<SignInResponse>('/sign-in', { email, password });
  const wanted = org?.trim().toLowerCase();
  const chosen = wanted
    ? user.orgs.find((o) => o.id === org || o.name.toLowerCase() === wanted)
    : user.orgs[0];
  if (!chosen) {
    const names = user.orgs.map((o) => o.name).join(', ') || 'none';
    throw new ApiError(404, `${email} is not a member of "${org}" (organizations: ${names})`);
  }
  const tokens = await anonymous.post<OrgSignInResponse>(`/orgs/${chosen.id}/sign-in`, undefined, {
    'auth-token': user.auth_token,
  });
  return {
    api: new FerriteApi(url, tokens.access_token),
    orgId: chosen.id,
    orgName: chosen.name,
    refreshToken: tokens.refresh_token,
  };
}
