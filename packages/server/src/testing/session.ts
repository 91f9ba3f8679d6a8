/** Test helpers that walk the real sign-in flow to get tokens. */
import type { OrgSignInResponse, SignInResponse } from '@ferrite/contracts';
import type { FastifyInstance } from 'fastify';
import { DEMO_ADMIN } from '../seed/demo';

/** POST /api/sign-in and parse the answer; fails the test when it is not 200. */
export async function signIn(
  app: FastifyInstance,
  email: string = DEMO_ADMIN.email,
  password: string = DEMO_ADMIN.password,
): Promise<SignInResponse> {
  const response = await app.inject({ method: 'POST', url: '/api/sign-in', payload: { email, password } });
  if (response.statusCode !== 200)
    throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** Signs in and opens a session in the user's first organization. */
export async function signInToOrg(
  app: FastifyInstance,
  email?: string,
  password?: string,
): Promise<OrgSignInResponse> {
  const first = await signIn(app, email, password);
  const org = first.orgs[0];
  if (!org) throw new Error('the user belongs to no organization');
  const response = await app.inject({
    method: 'POST',
    url: `/api/orgs/${org.id}/sign-in`,
    headers: { 'auth-token': first.auth_token },
  });
  if (response.statusCode !== 200)
    throw new Error(`org sign-in answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** The Authorization header for an access token. */
export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}
