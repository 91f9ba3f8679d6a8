/**
 * Signed JWTs for access tokens and other short-lived grants, each with its own purpose claim. jose
 * signs them; they are verified here, synchronously: only our own HS256 tokens are accepted, and every
 * API request checks one, so a round trip through WebCrypto's thread pool (which waits for a turn of a
 * busy event loop on the way back) is not worth what it saves.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export type TokenPurpose =
  | 'access'
  | 'org-step'
  | 'report-share'
  | 'dashboard-share'
  // Opens the shared view of one dashboard report while Chromium draws it (modules/dashboards/reports).
  | 'dashboard-render'
  | 'socket';

export interface TokenClaims {
  sub: string;
  purpose: TokenPurpose;
  [claim: string]: unknown;
}

export interface VerifiedToken extends TokenClaims {
  exp: number;
}

/** Signs and verifies the platform's JWTs with one HMAC secret. */
export class JwtService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /** Signs claims that expire after ttlSeconds. */
  async sign(claims: TokenClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /** The token's claims when its signature, expiry and purpose check out; otherwise null. */
  async verify(token: string, purpose: TokenPurpose): Promise<VerifiedToken | null> {
    const claims = this.verifiedClaims(token);
    if (
      !claims ||
      claims.purpose !== purpose ||
      typeof claims.sub !== 'string' ||
      typeof claims.exp !== 'number' ||
      claims.exp <= Date.now() / 1000
    ) {
      return null;
    }
    return claims as VerifiedToken;
  }

  /** The claims of a well-formed HS256 token whose signature is ours, before any other check. */
  private verifiedClaims(token: string): Record<string, unknown> | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', this.key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const head = decodedJson(header);
    // HS256 only, and nothing a verifier must understand (crit): what signed this is this service.
    if (head?.alg !== 'HS256' || 'crit' in head) return null;
    return decodedJson(payload);
  }
}

/** A base64url JSON object, or null. */
function decodedJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
