/** The pino logger: request ids on every line, secrets never written; JSON or lines for a person. */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

const REDACTED = [
  'req.headers.authorization',
  'req.headers["auth-token"]',
  'req.headers.token',
  'req.headers.cookie',
  '*.password',
  '*.access_token',
  '*.refresh_token',
  '*.token',
];

/** Invitation links carry their single-use token in the path (API and web routes alike). */
const PATH_TOKENS = /(\/api\/invitations|\/set-password|\/join-org)\/[^/]+/g;

/** The path with invitation tokens replaced, so a log line cannot be replayed as a link. */
export function redactPathTokens(path: string): string {
  return path.replace(PATH_TOKENS, '$1/[redacted]');
}

/** `pretty` for a person at a terminal, `json` (one object a line) for a collector. */
export type LogFormat = 'pretty' | 'json';

/**
 * Creates the process logger at the given level (stdout unless a destination is given). Pretty lines
 * are written synchronously, so they keep their order with the start-up banner written beside them.
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  format: LogFormat = 'json',
): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACTED, censor: '[redacted]' },
    serializers: {
      // Query strings can carry one-time tokens (reset links, report links): log the path only.
      req: (request: { method: string; url: string; id: string; ip?: string }) => ({
        method: request.method,
        url: redactPathTokens(request.url.split('?')[0] ?? ''),
        id: request.id,
        ip: request.ip,
      }),
    },
  };
  if (format === 'pretty') {
    const stream = pretty({
      destination: destination ?? 1,
      sync: true,
      colorize: destination === undefined && process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
      singleLine: true,
    });
    return pino(options, stream);
  }
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Request lines for a terminal: none at info (a page load is dozens of calls and would bury the
 * banner and the warnings), one short line per answered request at debug; failures as usual.
 */
class TerminalRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const path = redactPathTokens(request.url.split('?')[0] ?? '');
    request.log.debug(`${request.method} ${path} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  }
}

/** Fastify's request logging for the format: Fastify's own lines for JSON, short debug lines for a terminal. */
export function requestLogController(format: LogFormat): LogController | undefined {
  return format === 'pretty' ? new TerminalRequestLog() : undefined;
}
