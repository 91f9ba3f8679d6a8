/**
 * CoAP: the HTTP paths without `/api` (`/ingest/{uuid}`, `/heartbeat`, `/commands`,
 * `/commands/{id}/ack`), the token as `?token=`. Confirmable requests, JSON payloads.
 */
import { Agent, type IncomingMessage, request } from 'coap';
import { callName, commandsOf, jsonOrNull, problemsOf, reasonOf } from './answers';
import type { Connect } from './types';

const TIMEOUT_MS = 15_000;

/**
 * A gateway speaking CoAP. Each gateway has its own agent (UDP socket): one agent's 16-bit message
 * ids would run out past a few hundred requests a second across a whole fleet.
 */
export const connectCoap: Connect = async (gateway, endpoints) => {
  const target = new URL(endpoints.coapUrl);
  if (target.protocol !== 'coap:')
    throw new Error(`CoAP URL must start with coap://, not ${target.protocol}`);
  const agent = new Agent({ type: 'udp4' });
  const pathBase = `/ingest/${gateway.uuid}`;
  const query = `token=${encodeURIComponent(gateway.access_token)}`;

  const call = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`CoAP ${callName(path)}: no answer`)), TIMEOUT_MS);
      const req = request({
        hostname: target.hostname,
        port: target.port ? Number(target.port) : 5683,
        method,
        pathname: `${pathBase}${path}`,
        query,
        agent,
        confirmable: true,
        ...(body === undefined ? {} : { contentFormat: 'application/json' }),
      });
      req.on('response', (res: IncomingMessage) => {
        clearTimeout(timer);
        const text = res.payload.toString('utf8');
        if (res.code.startsWith('2.')) resolve(jsonOrNull(text));
        else reject(new Error(`CoAP ${callName(path)}: ${reasonOf(res.code, text)}`));
      });
      req.on('error', (error: Error) => {
        clearTimeout(timer);
        reject(new Error(`CoAP ${callName(path)}: ${error.message}`));
      });
      req.on('timeout', () => {
        clearTimeout(timer);
        reject(new Error(`CoAP ${callName(path)}: timed out`));
      });
      req.end(body === undefined ? undefined : Buffer.from(JSON.stringify(body)));
    });

  return {
    send: async (payload) => problemsOf(await call('POST', '', payload)),
    heartbeat: async (body) => {
      await call('POST', '/heartbeat', body);
    },
    pollCommands: async () => commandsOf(await call('GET', '/commands')),
    ack: async (ack) => {
      await call('POST', `/commands/${ack.id}/ack`, ack);
    },
    // The agent may already have closed its idle socket, and then never calls back: do not wait.
    close: async () => {
      agent.close();
    },
  };
};
