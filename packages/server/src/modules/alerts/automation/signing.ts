/**
 * Webhook signatures: `X-Ferrite-Signature: sha256=<hex HMAC-SHA256 of the body>`, keyed per
 * organization with a key derived from the platform secret (HMAC(secret, "webhook:" + orgId)), so one
 * organization's key says nothing about another's and no key is stored anywhere.
 */
import { createHmac } from 'node:crypto';
import type { AppDeps } from '../../../platform/http/deps';
import { resolveSecret } from '../../../platform/security/secret';

const secrets = new WeakMap<object, Promise<string>>();

/** The platform secret as this node resolved it at start (SECRET, else the one kept in DATA_DIR or the database). */
function platformSecret(deps: Pick<AppDeps, 'config' | 'db' | 'engine'>): Promise<string> {
  let secret = secrets.get(deps.db);
  if (!secret) {
    secret = resolveSecret(
      deps.config.secret,
      deps.config.dataDir,
      deps.engine === 'postgres' ? deps.db : undefined,
    );
    secrets.set(deps.db, secret);
  }
  return secret;
}

/** The organization's webhook signing key, hex (what a receiver configures to check signatures). */
export async function webhookSigningKey(
  deps: Pick<AppDeps, 'config' | 'db' | 'engine'>,
  orgId: string,
): Promise<string> {
  return createHmac('sha256', await platformSecret(deps))
    .update(`webhook:${orgId}`)
    .digest('hex');
}

/** The signature header's value for a body under a key. */
export function signatureOf(body: string, key: string): string {
  return `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;
}
