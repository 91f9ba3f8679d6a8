/**
 * The HTTP and CoAP transports against stand-in servers that record each call: the documented paths,
 * where the token travels, batches as arrays, command polling and acknowledgements.
 */
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeviceCommand } from '@ferrite/contracts';
import { createServer as createCoapServer } from 'coap';
import { afterEach, describe, expect, it } from 'vitest';
import { runFleet } from './fleet';
import { gatewayFromToken } from './gateway';

interface Call {
  method: string;
  path: string;
  token: string | null;
  body: unknown;
}

const TOKEN = 'tok/with+odd=chars';

/** Answers like the ingest side: a result for readings, pending commands on every poll, {} otherwise. */
function answer(call: Call, pending: DeviceCommand[]): unknown {
  if (call.method === 'GET' && call.path.endsWith('/commands')) return { commands: pending };
  if (call.method === 'POST' && /\/ingest\/[\w-]+$/.test(call.path)) {
    const readings = Array.isArray(call.body) ? call.body.length : 1;
    return { accepted: readings * 4, readings, problems: ['humidity: not mapped'] };
  }
  return {};
}

const waitFor = async (what: string, check: () => boolean, timeoutMs = 10_000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function exercise(
  protocol: 'http' | 'coap',
  calls: Call[],
  endpoint: { url?: string; coapUrl?: string },
) {
  const gateway = gatewayFromToken(randomUUID(), TOKEN, 'Stand-in gateway');
  const fleet = await runFleet({
    ...endpoint,
    gateways: [gateway],
    protocol,
    rate: 30,
    batch: 3,
    heartbeatMs: 200,
    pollMs: 100,
  });
  cleanups.push(() => fleet.stop());
  const acks = () => calls.filter((c) => c.path.endsWith('/ack'));
  await waitFor('readings, heartbeats, polls and the ack', () => {
    const kinds = new Set(calls.map((c) => c.path.split('/').at(-1)));
    return acks().length > 0 && kinds.has('heartbeat') && calls.filter((c) => c.method === 'GET').length >= 3;
  });
  const totals = await fleet.stop();
  return { gateway, totals, acks: acks() };
}

describe('the HTTP transport', () => {
  it('posts readings, heartbeats and acks to /api/ingest/{uuid} with a bearer token, polling commands', async () => {
    const calls: Call[] = [];
    const pending = [{ id: randomUUID(), name: 'reset', value: true, expires_at: new Date().toISOString() }];
    const server = createHttpServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => {
        const call: Call = {
          method: request.method ?? '',
          path: request.url ?? '',
          token: request.headers.authorization ?? null,
          body: text ? JSON.parse(text) : null,
        };
        calls.push(call);
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(answer(call, pending)));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const { gateway, totals, acks } = await exercise('http', calls, { url });

    const base = `/api/ingest/${gateway.uuid}`;
    expect(new Set(calls.map((c) => `${c.method} ${c.path}`))).toEqual(
      new Set([
        `POST ${base}`,
        `POST ${base}/heartbeat`,
        `GET ${base}/commands`,
        `POST ${base}/commands/${pending[0]!.id}/ack`,
      ]),
    );
    expect(calls.every((c) => c.token === `Bearer ${TOKEN}`)).toBe(true);
    const batches = calls.filter((c) => c.path === base).map((c) => c.body as unknown[]);
    expect(batches.slice(0, -1).every((batch) => Array.isArray(batch) && batch.length === 3)).toBe(true);
    // The same pending command on every poll is applied (and acknowledged) once.
    expect(acks.map((c) => c.body)).toEqual([
      { id: pending[0]!.id, status: 'ok', result: { applied: true } },
    ]);
    expect(totals).toMatchObject({ errors: 0, commands: 1, acks: 1, messages: batches.length });
    expect(totals.problems).toBe(batches.length);
    expect(totals.lastProblem).toBe('Stand-in gateway: humidity: not mapped');
  });

  it('counts a refused token as errors, with the server’s reason', async () => {
    const server = createHttpServer((_request, response) => {
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ title: 'Unauthorized', detail: 'Unknown gateway or token', status: 401 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const fleet = await runFleet({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      gateways: [gatewayFromToken(randomUUID(), 'wrong', 'Refused gateway')],
      protocol: 'http',
      rate: 10,
    });
    await waitFor('an error', () => fleet.stats().errors > 0);
    const totals = await fleet.stop();
    expect(totals.readings).toBe(0);
    expect(totals.lastError).toMatch(
      /^Refused gateway: HTTP (readings|heartbeat|command poll): 401 Unknown gateway or token$/,
    );
  });
});

describe('the CoAP transport', () => {
  it('uses /ingest/{uuid} paths with ?token=, posting readings, heartbeats and acks and polling commands', async () => {
    const calls: Call[] = [];
    const pending = [{ id: randomUUID(), name: 'reset', value: true, expires_at: new Date().toISOString() }];
    const server = createCoapServer((request, response) => {
      const url = new URL(request.url, 'coap://stand-in');
      const text = request.payload.toString('utf8');
      const call: Call = {
        method: request.method,
        path: url.pathname,
        token: url.searchParams.get('token'),
        body: text ? JSON.parse(text) : null,
      };
      calls.push(call);
      response.code = call.method === 'GET' ? '2.05' : '2.04';
      response.end(JSON.stringify(answer(call, pending)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve(undefined))));
    const port = (server as unknown as { _sock: { address(): AddressInfo } })._sock.address().port;

    const { gateway, totals, acks } = await exercise('coap', calls, { coapUrl: `coap://127.0.0.1:${port}` });

    const base = `/ingest/${gateway.uuid}`;
    expect(new Set(calls.map((c) => `${c.method} ${c.path}`))).toEqual(
      new Set([
        `POST ${base}`,
        `POST ${base}/heartbeat`,
        `GET ${base}/commands`,
        `POST ${base}/commands/${pending[0]!.id}/ack`,
      ]),
    );
    expect(calls.every((c) => c.token === TOKEN)).toBe(true);
    expect(acks.map((c) => c.body)).toEqual([
      { id: pending[0]!.id, status: 'ok', result: { applied: true } },
    ]);
    expect(totals).toMatchObject({ errors: 0, commands: 1, acks: 1 });
    expect(totals.readings).toBeGreaterThan(0);
  });
});
