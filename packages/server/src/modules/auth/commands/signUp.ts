/** Sign-up: a new user plus an organization request that the Tenant Manager approves or rejects. */
import { DEFAULT_USER_SETTING, type SignUpBody, type SignUpResponse } from '@ferrite/contracts';
import { problems } from '../../../platform/http/problem';
import { hashPassword } from '../../../platform/security/passwords';
import { presentOrgRequest, presentUserSummary } from '../presenter';
import type { AuthRepository } from '../repository';
import { slugFromName } from '../slug';

/** Registers the person and files their organization request. */
export async function signUp(repo: AuthRepository, body: SignUpBody): Promise<SignUpResponse> {
  if (await repo.findUserByEmail(body.email)) {
    throw problems.conflict('An account with this e-mail already exists. Sign in or reset your password.');
  }
  let slug = slugFromName(body.organization_name);
  for (let attempt = 2; await repo.isSlugTaken(slug); attempt++) {
    slug = `${slugFromName(body.organization_name).slice(0, 36)}-${attempt}`;
  }
  const { user, request } = await repo.createUserWithRequest(
    {
      email: body.email,
      name: body.name,
      passwordHash: await hashPassword(body.password),
      settings: JSON.stringify(DEFAULT_USER_SETTING),
    },
    { name: body.organization_name, slug },
  );
  return { user: presentUserSummary(user), request: presentOrgRequest(request) };
}
