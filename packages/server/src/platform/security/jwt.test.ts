import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { JwtService } from './jwt';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const jwt = new JwtService(SECRET);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with any header and claims, signed with HMAC-SHA256 under `secret`. */
function handMade(header: object, claims: object, secret = SECRET): string {
  const body = `${b64(header)}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

const inAMinute = () => Math.floor(Date.now() / 1000) + 60;

describe('JWT verification', () => {
  it('answers the claims of a token it signed, for its purpose only', async () => {
    const token = await jwt.sign({ sub: 'user-1', purpose: 'access', org: 'org-1', sid: 's-1' }, 60);
    expect(await jwt.verify(token, 'access')).toMatchObject({ sub: 'user-1', org: 'org-1', sid: 's-1' });
    expect(await jwt.verify(token, 'socket')).toBeNull();
  });

  it('refuses an expired token', async () => {
    const token = await jwt.sign({ sub: 'user-1', purpose: 'access' }, -1);
    expect(await jwt.verify(token, 'access')).toBeNull();
  });

  it('refuses a changed claim, another secret, another algorithm, alg none and garbage', async () => {
    const token = await jwt.sign({ sub: 'user-1', purpose: 'access' }, 60);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${b64({ sub: 'admin', purpose: 'access', exp: inAMinute() })}.${signature}`;
    expect(await jwt.verify(forged, 'access')).toBeNull();
    const claims = { sub: 'user-1', purpose: 'access', exp: inAMinute() };
    expect(await jwt.verify(handMade({ alg: 'HS256' }, claims), 'access')).toMatchObject({ sub: 'user-1' });
    expect(await jwt.verify(handMade({ alg: 'HS256' }, claims, 'another-secret'), 'access')).toBeNull();
    expect(await jwt.verify(handMade({ alg: 'HS512' }, claims), 'access')).toBeNull();
    expect(await jwt.verify(handMade({ alg: 'HS256', crit: ['b64'] }, claims), 'access')).toBeNull();
    expect(await jwt.verify(`${b64({ alg: 'none' })}.${b64(claims)}.`, 'access')).toBeNull();
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret'));
    expect(await jwt.verify(otherKey, 'access')).toBeNull();
    for (const garbage of ['', 'a.b', 'a.b.c', `${token}.x`, `${header}.bm90IGpzb24.${signature}`]) {
      expect(await jwt.verify(garbage, 'access')).toBeNull();
    }
  });
});
