/** Signed JWTs for access tokens and other short-lived grants, each with its own purpose claim. */
import { errors, jwtVerify, SignJWT } from 'jose';

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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.purpose !== purpose || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
        return null;
      }
      return payload as VerifiedToken;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
