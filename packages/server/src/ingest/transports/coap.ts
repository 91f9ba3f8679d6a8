/**
 * CoAP ingest on COAP_PORT: the HTTP ingest calls over CoAP, the access token as `?token=` (CoAP has
 * no Authorization header). `POST /ingest/{uuid}` readings, `POST /ingest/{uuid}/heartbeat`,
 * `GET /ingest/{uuid}/commands`, `POST /ingest/{uuid}/commands/{id}/ack`. A confirmable request is
 * answered once its points are durable.
 */
import { createServer, type IncomingMessage, type OutgoingMessage } from 'coap';
import type { Logger } from 'pino';
import type { DeviceCommands } from '../deviceCommands';
import type { IngestService } from '../ingestService';
import { refusalMessage } from '../ingestService';

export interface CoapTransportOptions {
  port: number;
  host: string;
  ingest: IngestService;
  deviceCommands: DeviceCommands;
  log: Logger;
}

export interface RunningCoap {
  port: number;
  close(): Promise<void>;
}

const ROUTE =
  /^\/ingest\/([0-9a-fA-F-]{36})(\/heartbeat|\/commands|\/commands\/([0-9a-fA-F-]{36})\/ack)?\/?$/;

function reply(res: OutgoingMessage, code: string, body?: unknown): void {
  res.code = code;
  if (body === undefined) {
    res.end();
    return;
  }
  res.setOption('Content-Format', 'application/json');
  res.end(JSON.stringify(body));
}

/** Handles one CoAP request; exported for tests that do not need a socket. */
export async function handleCoapRequest(
  req: Pick<IncomingMessage, 'url' | 'method' | 'payload'>,
  res: OutgoingMessage,
  ingest: IngestService,
  deviceCommands: DeviceCommands,
): Promise<void> {
  const url = new URL(req.url, 'coap://device');
  const match = ROUTE.exec(url.pathname);
  if (!match) return reply(res, '4.04', { title: 'Not found', detail: 'Use /ingest/{gateway uuid}' });
  const [, uuid = '', action = '', commandId] = match;
  const outcome = await ingest.authenticate(uuid.toLowerCase(), url.searchParams.get('token'));
  if (typeof outcome === 'string') {
    return reply(res, outcome === 'archived' ? '4.03' : '4.01', {
      title: 'Unauthorized',
      detail: refusalMessage(outcome),
    });
  }
  const gateway = outcome;
  if (action === '' && req.method === 'POST') {
    const result = await ingest.telemetry(gateway, req.payload, 'coap');
    if (result.malformed) return reply(res, '4.00', { title: 'Invalid request', detail: result.problems[0] });
    if (result.accepted === 0 && result.problems.length > 0) {
      return reply(res, '4.22', { title: 'Payload not mapped', detail: result.problems.join('; ') });
    }
    return reply(res, '2.04', {
      accepted: result.accepted,
      readings: result.readings,
      problems: result.problems,
    });
  }
  if (action === '/heartbeat' && req.method === 'POST') {
    ingest.heartbeat(gateway, req.payload.length > 0 ? req.payload : null, 'coap');
    return reply(res, '2.04');
  }
  if (action === '/commands' && req.method === 'GET') {
    ingest.presence.touch(gateway);
    return reply(res, '2.05', { commands: await deviceCommands.takePending(gateway, 'coap') });
  }
  if (commandId && req.method === 'POST') {
    let body: unknown;
    try {
      body = JSON.parse(req.payload.toString('utf8') || '{}');
    } catch {
      return reply(res, '4.00', { title: 'Invalid request', detail: 'The acknowledgement is not JSON' });
    }
    const withId =
      body && typeof body === 'object' && !Array.isArray(body)
        ? { ...body, id: commandId.toLowerCase() }
        : body;
    const ack = await deviceCommands.acknowledge(gateway, withId, 'coap');
    if (!ack.ok)
      return reply(res, ack.status === 404 ? '4.04' : ack.status === 409 ? '4.09' : '4.00', {
        title: 'Invalid acknowledgement',
        detail: ack.message,
      });
    return reply(res, '2.04');
  }
  return reply(res, '4.05', {
    title: 'Method not allowed',
    detail: `${req.method} is not used on ${url.pathname}`,
  });
}

/** Starts the CoAP server; null when the port is taken. */
export async function startCoapTransport(options: CoapTransportOptions): Promise<RunningCoap | null> {
  const { ingest, deviceCommands, log } = options;
  const server = createServer({ type: 'udp4' }, (req, res) => {
    handleCoapRequest(req, res, ingest, deviceCommands).catch((error: unknown) => {
      log.error({ err: error }, 'CoAP: request failed');
      reply(res, '5.03', {
        title: 'Service unavailable',
        detail: 'The reading could not be stored; send it again',
      });
    });
  });
  const port = await new Promise<number | null>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      log.warn({ err: error }, `CoAP port ${options.port} unavailable: CoAP ingest is off`);
      resolve(null);
    });
    server.listen(options.port, options.host, () => {
      // biome-ignore lint/suspicious/noExplicitAny: the coap Server does not type its UDP socket
      const socket = (server as any)._sock as { address(): { port: number } } | undefined;
      resolve(socket?.address().port ?? options.port);
    });
  });
  if (port === null) return null;
  log.info({ port }, 'CoAP server listening');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
