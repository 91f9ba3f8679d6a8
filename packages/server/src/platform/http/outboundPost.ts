/**
 * One POST to a tenant's URL, past the outbound address guard (outboundAddress.ts): a literal address is
 * checked before connecting, a host name as it resolves. Answers the status once at most 64 kB of the
 * answer was read (so the receiver can finish its reply); a failure carries why, for the caller's words.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, refusedAddress, type WebhookNetworks } from './outboundAddress';

const ANSWER_MAX_BYTES = 64 * 1024;

/** Why a POST failed: the address is refused (message says why), no answer in time, or no connection. */
export class OutboundPostError extends Error {
  constructor(
    readonly reason: 'refused' | 'timeout' | 'unreachable',
    message: string,
  ) {
    super(message);
  }
}

/** POSTs `body` to `url`; resolves with the answer's status, rejects with an OutboundPostError. */
export function postOutbound(
  url: URL,
  body: Buffer,
  options: { networks: WebhookNetworks; headers: Record<string, string>; timeoutMs: number },
): Promise<number> {
  // A literal address is connected to without a lookup, so it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  const refusal = isIP(literal) ? refusedAddress(literal, options.networks) : null;
  if (refusal) return Promise.reject(new OutboundPostError('refused', refusal));
  return new Promise<number>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': body.length },
        lookup: guardedLookup(options.networks),
        timeout: options.timeoutMs,
      },
      (response) => {
        let read = 0;
        const done = () => resolve(response.statusCode ?? 0);
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= ANSWER_MAX_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ETIMEDOUT'
          ? new OutboundPostError('timeout', 'no answer in time')
          : error.code === 'EREFUSEDADDRESS'
            ? new OutboundPostError('refused', error.message)
            : new OutboundPostError('unreachable', error.message),
      ),
    );
    request.end(body);
  });
}
