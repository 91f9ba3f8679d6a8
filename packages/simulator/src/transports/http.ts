/**
 * HTTP: `POST /api/ingest/{uuid}` and `/heartbeat` with `Authorization: Bearer <token>`; commands are
 * polled from `GET /api/ingest/{uuid}/commands` and answered on `POST …/commands/{id}/ack`.
 */
import { callName, commandsOf, jsonOrNull, problemsOf, reasonOf } from './answers';
import type { Connect } from './types';

const TIMEOUT_MS = 10_000;

/** A gateway speaking HTTP: there is nothing to connect, every call carries the token. */
export const connectHttp: Connect = async (gateway, endpoints) => {
  const base = `${endpoints.url.replace(/\/$/, '')}/api/ingest/${gateway.uuid}`;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${gateway.access_token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`HTTP ${callName(path)}: ${reasonOf(response.status, text)}`);
    return jsonOrNull(text);
  };

  return {
    send: async (payload) => problemsOf(await call('POST', '', payload)),
    heartbeat: async (body) => {
      await call('POST', '/heartbeat', body);
    },
    pollCommands: async () => commandsOf(await call('GET', '/commands')),
    ack: async (ack) => {
      await call('POST', `/commands/${ack.id}/ack`, ack);
    },
    close: async () => {},
  };
};
