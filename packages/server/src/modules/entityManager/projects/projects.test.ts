import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInToOrg } from '../../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addPerson, addProject, tokenOf } from '../testSupport';

let platform: TestPlatform;
let orgId: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  orgId = (await signInToOrg(platform.app)).org_id;
  await addProject(platform, orgId, 'Kiln Hall');
  await addProject(platform, orgId, 'Old Quarry', { archived: true });
  // A member whose only grant is the Entity Manager app: no Role Manager rights at all.
  await addPerson(platform, orgId, { email: 'mapper@plant.io', apps: ['entityManager'] });
});
afterAll(() => platform.close());

const get = (token: string, path: string) =>
  platform.app.inject({
    method: 'GET',
    url: `/api/entity_mgmt/orgs/${orgId}${path}`,
    headers: bearer(token),
  });

describe('projects and people for the Entity Manager', () => {
  it('lists active projects and active people to a member who holds only Entity Manager rights', async () => {
    const token = await tokenOf(platform, 'mapper@plant.io');
    const projects = await get(token, '/projects');
    expect(projects.statusCode).toBe(200);
    const names = projects.json().projects.map((p: { name: string }) => p.name);
    expect(names).toContain('Kiln Hall');
    expect(names).not.toContain('Old Quarry');
    expect(projects.json().abilities).toEqual(['entityManager.view']);

    const people = await get(token, '/people');
    expect(people.statusCode).toBe(200);
    expect(people.json().people.map((p: { email: string }) => p.email)).toEqual(
      expect.arrayContaining(['admin@ferrite.dev', 'mapper@plant.io']),
    );
    const roleManager = await platform.app.inject({
      method: 'GET',
      url: `/api/role_mgmt/orgs/${orgId}/projects`,
      headers: bearer(token),
    });
    expect(roleManager.statusCode).toBe(403);
  });

  it('refuses a member without the Entity Manager', async () => {
    await addPerson(platform, orgId, { email: 'viewer@plant.io', apps: ['dashboards'] });
    const token = await tokenOf(platform, 'viewer@plant.io');
    expect((await get(token, '/projects')).statusCode).toBe(403);
    expect((await get(token, '/people')).statusCode).toBe(403);
  });
});
