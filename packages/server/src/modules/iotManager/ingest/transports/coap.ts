/**
 * CoAP ingest on COAP_PORT: the HTTP ingest calls over CoAP, the access token as `?token=` (CoAP has
 * no Authorization header). `POST /ingest/{uuid}` readings, `POST /ingest/{uuid}/heartbeat`,
 * `GET /ingest/{uuid}/commands`, `POST /ingest/{uuid}/commands/{id}/ack`. A confirmable request is
 * answered once its points are durable. A payload above one datagram comes block-wise (Block1):
 * the gateway is authenticated at every block, each is answered 2.31 Continue, and the last one with
 * the answer to the whole (coapBlocks.ts keeps them within COAP_MAX_PAYLOAD_BYTES and a budget).
 */
import type { AddressInfo } from 'node:net';
import { type CoapPacket, type IncomingMessage, type OutgoingMessage, Server } from 'coap';
import type { Logger } from 'pino';
import type { DeviceCommands } from '../deviceCommands';
import type { IngestService } from '../ingestService';
import { refusalMessage } from '../ingestService';
import { BlockAssembler, encodeBlock1, parseBlock1 } from './coapBlocks';

/** How long an unfinished block-wise upload waits for its next block before it is dropped. */
export const BLOCK_EXPIRY_MS = 60_000;

export interface CoapTransportOptions {
  port: number;
  host: string;
  ingest: IngestService;
  deviceCommands: DeviceCommands;
  log: Logger;
  /** COAP_MAX_PAYLOAD_BYTES and COAP_BLOCK_BUFFER_BYTES. */
  limits: { maxPayloadBytes: number; bufferBytes: number };
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

/** A request as the handler reads it; `block1` is its Block1 option, kept from the coap package. */
export type CoapRequest = Pick<IncomingMessage, 'url' | 'method' | 'payload' | 'rsinfo' | 'headers'> & {
  block1: Buffer | null;
};

/** What the handler answers with: the ingest calls, and the unfinished block-wise uploads. */
export interface CoapContext {
  ingest: IngestService;
  deviceCommands: DeviceCommands;
  blocks: BlockAssembler;
}

/**
 * The request's whole payload; for a block-wise upload, once its last block is in (earlier blocks
 * are answered 2.31 here). Null when the answer was sent here.
 */
function wholePayload(req: CoapRequest, res: OutgoingMessage, blocks: BlockAssembler): Buffer | null {
  const max = blocks.maxPayloadBytes;
  const tooLarge = () => {
    // Size1 in a 4.13 tells the client the largest size taken (RFC 7959 §4).
    res.setOption('Size1', max);
    reply(res, '4.13', {
      title: 'Request entity too large',
      detail: `A payload is at most ${max} bytes (COAP_MAX_PAYLOAD_BYTES)`,
    });
    return null;
  };
  if (req.block1 === null || req.method !== 'POST') {
    return req.payload.length > max ? tooLarge() : req.payload;
  }
  const block = parseBlock1(req.block1);
  if (!block) {
    reply(res, '4.00', { title: 'Invalid request', detail: 'The Block1 option is malformed' });
    return null;
  }
  // RFC 7959 §2.5 matches blocks by endpoint and request, not token: libcoap sends a new token per block.
  const { address, port } = req.rsinfo;
  const key = `${address}|${port}|${req.method}|${req.url}|${String(req.headers['Content-Format'] ?? '')}`;
  const size1 = typeof req.headers.Size1 === 'number' ? req.headers.Size1 : null;
  const outcome = blocks.take(key, block, req.payload, size1);
  switch (outcome.kind) {
    case 'complete':
      res.setOption('Block1', encodeBlock1({ ...block, more: false }));
      return outcome.payload;
    case 'continue':
      res.setOption('Block1', encodeBlock1(block));
      reply(res, '2.31');
      return null;
    case 'too-large':
      return tooLarge();
    case 'incomplete':
      reply(res, '4.08', {
        title: 'Request entity incomplete',
        detail: 'Blocks come in order from block 0, each within a minute of the one before',
      });
      return null;
    case 'invalid':
      reply(res, '4.00', { title: 'Invalid request', detail: outcome.detail });
      return null;
    case 'busy':
      reply(res, '5.03', {
        title: 'Service unavailable',
        detail: 'Too many unfinished block-wise uploads at once; send it again later',
      });
      return null;
  }
}

/** Handles one CoAP request; exported for tests that do not need a socket. */
export async function handleCoapRequest(
  req: CoapRequest,
  res: OutgoingMessage,
  context: CoapContext,
): Promise<void> {
  const { ingest, deviceCommands } = context;
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
  // Only an authenticated gateway's blocks are kept.
  const payload = wholePayload(req, res, context.blocks);
  if (payload === null) return;
  if (action === '' && req.method === 'POST') {
    const result = await ingest.telemetry(gateway, payload, 'coap');
    if (result.malformed) return reply(res, '4.00', { title: 'Invalid request', detail: result.problems[0] });
    if (result.unmapped) {
      return reply(res, '4.22', { title: 'Payload not mapped', detail: result.problems.join('; ') });
    }
    return reply(res, '2.04', {
      accepted: result.accepted,
      readings: result.readings,
      problems: result.problems,
    });
  }
  if (action === '/heartbeat' && req.method === 'POST') {
    ingest.heartbeat(gateway, payload.length > 0 ? payload : null, 'coap');
    return reply(res, '2.04');
  }
  if (action === '/commands' && req.method === 'GET') {
    ingest.presence.touch(gateway);
    return reply(res, '2.05', { commands: await deviceCommands.takePending(gateway, 'coap') });
  }
  if (commandId && req.method === 'POST') {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8') || '{}');
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

/** Block1 options taken off requests before the coap package saw them, by request packet. */
const takenBlock1 = new WeakMap<CoapPacket, Buffer>();

/** The coap package's server without its own Block1 handling (coapBlocks.ts says why). */
class BlockwiseServer extends Server {
  override _handle(packet: CoapPacket, rsinfo: AddressInfo): void {
    const options = packet.options ?? [];
    const at = options.findIndex((option) => option.name === 'Block1');
    const block1 = at >= 0 ? options.splice(at, 1)[0]?.value : undefined;
    if (Buffer.isBuffer(block1)) takenBlock1.set(packet, block1);
    super._handle(packet, rsinfo);
  }
}

/** Starts the CoAP server; null when the port is taken. */
export async function startCoapTransport(options: CoapTransportOptions): Promise<RunningCoap | null> {
  const { ingest, deviceCommands, log } = options;
  const blocks = new BlockAssembler({ ...options.limits, expiryMs: BLOCK_EXPIRY_MS });
  const context: CoapContext = { ingest, deviceCommands, blocks };
  /** Requests being answered: closing waits for them, as a reply on a closed socket throws. */
  const inFlight = new Set<Promise<void>>();
  const server = new BlockwiseServer({ type: 'udp4' }, (req, res) => {
    const request: CoapRequest = {
      url: req.url,
      method: req.method,
      payload: req.payload,
      rsinfo: req.rsinfo,
      headers: req.headers,
      block1: takenBlock1.get(req._packet) ?? null,
    };
    const handling: Promise<void> = handleCoapRequest(request, res, context)
      .catch((error: unknown) => {
        log.error({ err: error }, 'CoAP: request failed');
        reply(res, '5.03', {
          title: 'Service unavailable',
          detail: 'The reading could not be stored; send it again',
        });
      })
      .finally(() => inFlight.delete(handling));
    inFlight.add(handling);
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
  return {
    port,
    close: async () => {
      await Promise.allSettled([...inFlight]);
      blocks.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
