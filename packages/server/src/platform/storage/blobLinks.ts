/**
 * Signed, expiring read links, the same for every blob store: HMAC-SHA256 under a key derived from the
 * platform secret, so a link made on one node verifies on any other that shares the secret. Links
 * always point at Ferrite's own download routes, never at the bucket: devices and mail recipients need
 * to reach Ferrite only, and the routes keep their checks (403 / 410, the checksum header) whatever
 * holds the bytes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { keySegments } from './blobKey';
import type { LinkSignature, SignedPathOptions } from './blobStore';

/** Makes and checks the `?expires=…&signature=…` of a blob's download link. */
export class BlobLinks {
  private readonly linkKey: Buffer;

  constructor(secret: string) {
    // A key of its own, so a link signature can never double as a signature of anything else.
    this.linkKey = createHmac('sha256', secret).update('ferrite:blob-links').digest();
  }

  /** The route path with the link's expiry and signature as its query. */
  signedPath(key: string, ttlSeconds: number, options: SignedPathOptions): string {
    keySegments(key);
    const expires = Math.floor((options.now ?? new Date()).getTime() / 1000) + ttlSeconds;
    const query = new URLSearchParams({ expires: String(expires), signature: this.sign(key, expires) });
    return `${options.routePath}?${query.toString()}`;
  }

  /** True when the signature was made for this key by a holder of the secret and has not expired. */
  verify(key: string, link: LinkSignature, now: Date = new Date()): boolean {
    if (!link.expires || !link.signature || !/^\d{1,12}$/.test(link.expires)) return false;
    const expires = Number(link.expires);
    if (expires * 1000 < now.getTime()) return false;
    const expected = Buffer.from(this.sign(key, expires));
    const given = Buffer.from(link.signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(key: string, expires: number): string {
    return createHmac('sha256', this.linkKey).update(`${key}\n${expires}`).digest('base64url');
  }
}
