/** Test-only helpers: a store like the app's, and a fetch double that speaks to RTK Query and plain calls. */
import { configureStore } from '@reduxjs/toolkit';
import { vi } from 'vitest';
import { api } from '../app/api';
import { sessionReducer } from './sessionSlice';

/** A store with the session slice and the API cache (what the session code touches). */
export function makeTestStore() {
  return configureStore({
    reducer: { session: sessionReducer, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export interface SeenRequest {
  url: string;
  path: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type ReplyShape = { status: number; body?: unknown; headers?: Record<string, string> };
type Reply = ReplyShape | Promise<ReplyShape>;

/**
 * Replaces fetch with a handler and records every call. jsdom's Request cannot take a relative URL
 * or jsdom's AbortSignal, so Request is swapped for one that resolves against the page and drops it.
 */
export function mockFetch(handler: (req: SeenRequest) => Reply) {
  const calls: SeenRequest[] = [];
  class PageRequest extends Request {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      const url = typeof input === 'string' ? new URL(input, window.location.origin) : input;
      super(url, { ...init, signal: undefined });
    }
  }
  vi.stubGlobal('Request', PageRequest);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new PageRequest(input, init);
    const text = await request.clone().text();
    const url = new URL(request.url, window.location.origin);
    const seen: SeenRequest = {
      url: url.toString(),
      path: url.pathname,
      method: request.method,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(seen);
    const reply = await handler(seen);
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A JWT-shaped token whose `exp` is the given number of seconds from now. */
export function fakeJwt(secondsFromNow: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ exp: Math.floor(Date.now() / 1000) + secondsFromNow })}.sig`;
}
