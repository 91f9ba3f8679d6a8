/** Opaque single-use tokens (refresh, password reset, invitations): random to the holder, hashed at rest. */
import { createHash, randomBytes } from 'node:crypto';

/** A new random token to hand out once. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The hash stored in place of the token; tokens carry 256 random bits, so a fast hash suffices. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
