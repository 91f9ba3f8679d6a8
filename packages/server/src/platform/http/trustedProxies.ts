/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For (and -Host, -Proto) Fastify believes. A client
 * address decides sign-in and share-link throttling, so a header from anyone else is ignored: a
 * stranger must not pick the address they are counted under, nor one to lock out.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

/** The words Fastify's trustProxy (proxy-addr) accepts for whole ranges. */
const RANGE_WORDS = ['loopback', 'linklocal', 'uniquelocal'];

/** Whether one entry is an address, an address/prefix (CIDR), or one of the range words. */
function isProxyEntry(entry: string): boolean {
  if (RANGE_WORDS.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: a comma-separated list; unset or blank trusts no proxy (the request's peer is the client). */
export const trustedProxiesSchema = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .superRefine((entries, context) => {
    const bad = entries.filter((entry) => !isProxyEntry(entry));
    if (bad.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY lists addresses, CIDR ranges (10.0.0.0/8) or ${RANGE_WORDS.join(', ')}; not ${bad.join(', ')}`,
      });
    }
  });

/** Fastify's trustProxy option for the configured list: false (the socket's peer) when it is empty. */
export function fastifyTrustProxy(trustedProxies: string[]): false | string[] {
  return trustedProxies.length > 0 ? trustedProxies : false;
}
