/**
 * Tenant isolation of the projects module: through its front door (what other modules call) another
 * organization can neither read, change, archive nor delete a project, and a refused delete tells the
 * IoT Manager of no gateway; the apps' project lists built on it show each organization only its own.
 */
import { APP_KEYS, projectBodySchema } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInToOrg } from '../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';
import { addOrgWithAdmin } from '../roleManager/testSupport';
import { mustFindProject, ProjectRepository, ProjectService } from './index';

let platform: TestPlatform;
let victimOrgId: string;
let victimProjectId: string;
let victimProjectName: string;
let intruder: { orgId: string; userId: string; token: string };
const gatewaysTold: string[] = [];

function service(): ProjectService {
  return new ProjectService(new ProjectRepository(platform.deps.db), {
    gatewayChanged: async (id: string) => {
      gatewaysTold.push(id);
    },
  });
}

beforeAll(async () => {
  platform = await createTestPlatform();
  const session = await signInToOrg(platform.app);
  victimOrgId = session.org_id;
  const listed = await platform.app.inject({
    method: 'GET',
    url: `/api/role_mgmt/orgs/${victimOrgId}/projects`,
    headers: bearer(session.access_token),
  });
  const first = listed.json().projects[0] as { id: string; name: string };
  victimProjectId = first.id;
  victimProjectName = first.name;
  intruder = await addOrgWithAdmin(platform, {
    name: 'Intruder Works',
    slug: 'intruder-works',
    email: 'admin@intruder-works.io',
    apps: [...APP_KEYS],
  });
});
afterAll(() => platform.close());

describe('another organization, through the projects front door', () => {
  it('cannot find, read or list a project of another organization', async () => {
    const repo = new ProjectRepository(platform.deps.db);
    expect(await repo.find(intruder.orgId, victimProjectId)).toBeUndefined();
    await expect(mustFindProject(repo, intruder.orgId, victimProjectId)).rejects.toMatchObject({
      status: 404,
    });
    await expect(service().get(intruder.orgId, victimProjectId)).rejects.toMatchObject({ status: 404 });
    const page = await service().list(intruder.orgId, { is_archived: false, page_number: 1, page_size: 100 });
    expect(page.projects.map((project) => project.id)).not.toContain(victimProjectId);
  });

  it('cannot change, archive, unarchive or delete it, and a refused delete tells no gateway', async () => {
    const actor = { orgId: intruder.orgId, userId: intruder.userId };
    const body = projectBodySchema.parse({ name: 'Hijacked' });
    await expect(service().update(actor, victimProjectId, body)).rejects.toMatchObject({ status: 404 });
    await expect(service().archive(actor, victimProjectId)).rejects.toMatchObject({ status: 404 });
    await expect(service().unarchive(actor, victimProjectId)).rejects.toMatchObject({ status: 404 });
    await expect(service().delete(actor, victimProjectId)).rejects.toMatchObject({ status: 404 });
    expect(gatewaysTold).toEqual([]);
    const kept = await service().get(victimOrgId, victimProjectId);
    expect(kept).toMatchObject({ id: victimProjectId, name: victimProjectName });
  });
});

describe("the apps' project lists built on it", () => {
  it.each([
    ['role_mgmt', 'projects'],
    ['entity_mgmt', 'projects'],
    ['iot_mgmt', 'projects'],
  ])(
    '%s lists only the caller’s own projects, and refuses the other organization’s list',
    async (app, key) => {
      const own = await platform.app.inject({
        method: 'GET',
        url: `/api/${app}/orgs/${intruder.orgId}/projects`,
        headers: bearer(intruder.token),
      });
      expect(own.statusCode).toBe(200);
      const ids = (own.json()[key] as { id: string }[]).map((project) => project.id);
      expect(ids).not.toContain(victimProjectId);
      const theirs = await platform.app.inject({
        method: 'GET',
        url: `/api/${app}/orgs/${victimOrgId}/projects`,
        headers: bearer(intruder.token),
      });
      expect(theirs.statusCode).toBe(403);
    },
  );
});
