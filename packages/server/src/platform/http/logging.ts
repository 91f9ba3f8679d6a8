/** The pino logger: request ids on every line, secrets never written. */
import pino, { type DestinationStream, type Logger } from 'pino';

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

/** Creates the process logger at the given level (stdout unless a destination is given). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
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
  return destination ? pino(options, destination) : pino(options);
}
