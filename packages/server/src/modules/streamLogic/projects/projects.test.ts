/**
 * Stream Logic's project list: a member with Stream Logic view rights alone (no Entity Manager) sees
 * the organization's active projects, newest first, with chain and enabled-chain counts; another
 * organization's projects never appear; a member without streamLogic.view is refused; a bad page size
 * is a 400 naming the field.
 */
import { APP_KEYS, type StreamProject } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createGroup } from '../../../testing/people';
import { bearer, signInToOrg } from '../../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addOrgWithAdmin, addProject, errorPaths } from '../../entityManager/testSupport';
import { projectWithSensors } from '../../iotManager/testSupport';
import { createChain, type StreamClient, streamClient, streamTenant, validChain } from '../testSupport';

let platform: TestPlatform;
let orgId: string;
let viewer: StreamClient;
let viewerToken: string;
const ids = { plant: '', empty: '', archived: '', foreign: '' };

async function memberClient(email: string, password: string, groupIds: string[] = []) {
  await addMember(platform.deps.db, orgId, { email, password, groupIds });
  const token = (await signInToOrg(platform.app, email, password)).access_token;
  return { token, client: streamClient(platform, token) };
}

beforeAll(async () => {
  platform = await createTestPlatform();
  const tenant = await streamTenant(platform, 'Counted plant');
  orgId = tenant.orgId;
  ids.plant = tenant.projectId;
  await createChain(tenant.stream, ids.plant, validChain(tenant.boiler, { enabled: true }));
  await createChain(tenant.stream, ids.plant, validChain(tenant.pump, { enabled: true }));
  await createChain(tenant.stream, ids.plant, validChain(tenant.boiler));
  ids.empty = await addProject(platform, orgId, 'Empty plant');
  ids.archived = await addProject(platform, orgId, 'Archived plant', { archived: true });

  // Another organization with a project holding a running chain of its own.
  const other = await addOrgWithAdmin(platform, 'other-stream-projects', [...APP_KEYS]);
  const foreign = await projectWithSensors(platform, other.orgId, other.token, 'Foreign plant');
  ids.foreign = foreign.projectId;
  await createChain(
    streamClient(platform, other.token),
    ids.foreign,
    validChain(foreign.boiler, { enabled: true }),
  );

  const viewers = await createGroup(platform.deps.db, orgId, {
    name: 'Stream viewers',
    apps: ['streamLogic'],
    permissions: ['streamLogic.view'],
  });
  ({ token: viewerToken, client: viewer } = await memberClient('viewer@stream.test', 'Viewer#2026', [
    viewers,
  ]));
});
afterAll(() => platform.close());

describe('the project list', () => {
  it('shows a Stream Logic viewer the active projects, newest first, with chain and running counts', async () => {
    // The Entity Manager's list is closed to them: the reason this route exists.
    const entityList = await platform.app.inject({
      method: 'GET',
      url: `/api/entity_mgmt/orgs/${orgId}/projects`,
      headers: bearer(viewerToken),
    });
    expect(entityList.statusCode).toBe(403);

    const response = await viewer.get('/projects', { page_size: 200 });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { projects: StreamProject[]; total_entries: number };
    const listed = body.projects.map((p) => p.id);
    expect(body.total_entries).toBe(body.projects.length);
    expect(listed.slice(0, 2)).toEqual([ids.empty, ids.plant]);
    expect(listed).not.toContain(ids.archived);
    expect(body.projects[1]).toMatchObject({ name: 'Counted plant', chain_count: 3, running_count: 2 });
    expect(body.projects[1]?.updated_at).toEqual(expect.any(String));
    expect(body.projects[0]).toMatchObject({ chain_count: 0, running_count: 0, updated_at: null });
  });

  it('pages and searches', async () => {
    const page = (await viewer.get('/projects', { page_size: 1, page_number: 2 })).json();
    expect(page.projects.map((p: StreamProject) => p.id)).toEqual([ids.plant]);
    expect(page.total_entries).toBeGreaterThanOrEqual(2);
    const found = (await viewer.get('/projects', { search: 'counted' })).json();
    expect(found).toMatchObject({ total_entries: 1, projects: [{ id: ids.plant }] });
  });

  it("never lists another organization's projects", async () => {
    const all = (await viewer.get('/projects', { page_size: 200 })).json();
    expect(all.projects.map((p: StreamProject) => p.id)).not.toContain(ids.foreign);
    const searched = (await viewer.get('/projects', { search: 'Foreign' })).json();
    expect(searched).toEqual({ projects: [], total_entries: 0 });
  });

  it('refuses a member without streamLogic.view (403)', async () => {
    const { client } = await memberClient('nobody@stream.test', 'Nobody#2026');
    expect((await client.get('/projects')).statusCode).toBe(403);
  });

  it('answers a bad page size with a 400 naming it', async () => {
    for (const page_size of [0, 500, 'many']) {
      const bad = await viewer.get('/projects', { page_size });
      expect(bad.statusCode).toBe(400);
      expect(errorPaths(bad)).toEqual(['query.page_size']);
    }
  });
});
