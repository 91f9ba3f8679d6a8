/**
 * Chains through the API: create, list with counts, read, deploy by revision (a stale revision is 409
 * saying who changed it; of two racing deploys exactly one wins), versions with diffs, rollback,
 * enable and disable, delete, activity, the change announced to every node, and who may do what.
 */
import { type ChainNode, listNodesResponseSchema, type Pipeline } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createGroup } from '../../../testing/people';
import { signInToOrg } from '../../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { CHAINS_CHANGED_CHANNEL } from '../shared';
import { createChain, type StreamClient, streamClient, streamTenant, validChain } from '../testSupport';

let platform: TestPlatform;
let stream: StreamClient;
let projectId: string;
let orgId: string;
let boiler: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  const tenant = await streamTenant(platform, 'Chains plant');
  stream = tenant.stream;
  projectId = tenant.projectId;
  orgId = tenant.orgId;
  boiler = tenant.boiler;
});
afterAll(() => platform.close());

/** A node of no registered kind is refused, so drafts here keep their graphs empty or use known kinds. */
const draft = (name: string) => ({ name, description: 'A draft' });
const path = (chain: { id: string }, rest = '') => `/${projectId}/pipelines/${chain.id}${rest}`;

async function patch(chain: Pipeline, body: object) {
  return stream.patch(path(chain), { revision: chain.revision, ...body });
}

describe('chains', () => {
  it('creates a draft at revision 1 with its first version and lists it with the counts', async () => {
    const chain = await createChain(stream, projectId, draft('Boiler watch'));
    expect(chain).toMatchObject({
      name: 'Boiler watch',
      description: 'A draft',
      enabled: false,
      revision: 1,
      status: 'disabled',
      node_count: 0,
      actions: [],
      connections: [],
      debug_all: false,
      project_id: projectId,
    });
    expect(chain.updated_by?.name).toBeTruthy();
    const listed = (await stream.get(`/${projectId}/pipelines`, { search: 'boiler w' })).json();
    expect(listed.pipelines.map((p: Pipeline) => p.id)).toEqual([chain.id]);
    expect(listed.total_entries).toBe(1);
    expect(listed.counts.all).toBeGreaterThanOrEqual(1);
    const versions = (await stream.get(path(chain, '/versions'))).json().versions;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ revision: 1, rollback_of: null, node_count: 0 });
    expect((await stream.get(path(chain))).json()).toEqual(chain);
  });

  it('answers 404 for a chain of another project and for a project not of the organization', async () => {
    const chain = await createChain(stream, projectId, draft('Elsewhere'));
    const other = await streamTenant(platform, 'Other plant');
    expect((await stream.get(`/${other.projectId}/pipelines/${chain.id}`)).statusCode).toBe(404);
    const missing = await stream.get(`/00000000-0000-4000-8000-000000000000/pipelines`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Project was not found');
  });

  it('deploys a rename as a new revision with a diff, and refuses a stale revision naming who changed it', async () => {
    const chain = await createChain(stream, projectId, draft('Pump watch'));
    const renamed = await patch(chain, { name: 'Pump vibration' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Pump vibration', revision: 2 });

    const stale = await patch(chain, { name: 'Pump flow' });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.revision).toBe(2);
    expect(body.updated_by.name).toBe(chain.updated_by?.name);
    expect(body.message).toMatch(
      new RegExp(`^Changed by ${chain.updated_by?.name} at \\d\\d:\\d\\d — reload to see revision 2$`),
    );
    expect(body.status).toBe(409);

    const versions = (await stream.get(path(chain, '/versions'))).json().versions;
    expect(versions.map((v: { revision: number }) => v.revision)).toEqual([2, 1]);
    expect(versions[0].diff).toEqual({
      added: [],
      removed: [],
      changed: [],
      connections_added: 0,
      connections_removed: 0,
      renamed: true,
    });
    const one = (await stream.get(path(chain, '/versions/1'))).json();
    expect(one).toMatchObject({ revision: 1, name: 'Pump watch', description: 'A draft', actions: [] });
    expect((await stream.get(path(chain, '/versions/9'))).statusCode).toBe(404);
  });

  it("tells the time of a stale revision's change in the reader's own time zone", async () => {
    const chain = await createChain(stream, projectId, draft('Zoned'));
    const moved: Pipeline = (await patch(chain, { name: 'Zoned again' })).json();
    const userId = moved.updated_by?.id ?? '';
    const db = platform.deps.db;
    const before = await db
      .selectFrom('users')
      .select('settings')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const settings = {
      ...before.settings,
      data_settings: { timezone: 'Asia/Kolkata', date_format: 'YYYY-MM-DD HH:mm' },
    };
    await db
      .updateTable('users')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', userId)
      .execute();
    const stale = (await patch(chain, { name: 'Late' })).json();
    const inKolkata = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Asia/Kolkata',
    }).format(new Date(moved.updated_at));
    expect(stale.message).toContain(` at ${inKolkata} — reload to see revision 2`);
    await db
      .updateTable('users')
      .set({ settings: JSON.stringify(before.settings) })
      .where('id', '=', userId)
      .execute();
  });

  it('lets exactly one of two racing deploys of one revision win', async () => {
    const chain = await createChain(stream, projectId, draft('Race'));
    const [a, b] = await Promise.all([patch(chain, { name: 'Race A' }), patch(chain, { name: 'Race B' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const now = (await stream.get(path(chain))).json();
    expect(now.revision).toBe(2);
    const winner = a.statusCode === 200 ? 'Race A' : 'Race B';
    expect(now.name).toBe(winner);
    expect((await stream.get(path(chain, '/versions'))).json().versions).toHaveLength(2);
  });

  it('rolls back to an old version as a new revision and says so in the activity', async () => {
    const chain = await createChain(stream, projectId, draft('Rollback me'));
    const second: Pipeline = (await patch(chain, { name: 'Rolled forward', description: 'Second' })).json();
    const stale = await stream.post(path(chain, '/versions/1/rollback'), { revision: 1 });
    expect(stale.statusCode).toBe(409);
    const rolled = await stream.post(path(chain, '/versions/1/rollback'), { revision: second.revision });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json()).toMatchObject({ revision: 3, name: 'Rollback me', description: 'A draft' });
    const versions = (await stream.get(path(chain, '/versions'))).json().versions;
    expect(versions[0]).toMatchObject({ revision: 3, rollback_of: 1 });
    expect(versions[0].diff.renamed).toBe(true);
    const same = await stream.post(path(chain, '/versions/3/rollback'), { revision: 3 });
    expect(same.statusCode).toBe(409);
    expect((await stream.post(path(chain, '/versions/7/rollback'), { revision: 3 })).statusCode).toBe(404);

    const activity = (await stream.get(`/${projectId}/activity`, { pipeline_id: chain.id })).json();
    expect(activity.activity.map((a: { kind: string }) => a.kind)).toEqual([
      'rolled_back',
      'deployed',
      'created',
    ]);
    expect(activity.activity[0]).toMatchObject({
      revision: 3,
      pipeline_name: 'Rollback me',
      detail: 'Restored revision 1 as revision 3',
    });
    expect(activity.activity[0].actor.name).toBeTruthy();
    const onlyDeploys = (
      await stream.get(`/${projectId}/activity`, { pipeline_id: chain.id, kind: 'deployed' })
    ).json();
    expect(onlyDeploys.total_entries).toBe(1);
  });

  it('lets one of two racing starts of a chain win, so it is enabled once', async () => {
    const chain = await createChain(stream, projectId, validChain(boiler, { name: 'Start race' }));
    const [a, b] = await Promise.all([patch(chain, { enabled: true }), patch(chain, { enabled: true })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const activity = (await stream.get(`/${projectId}/activity`, { pipeline_id: chain.id })).json();
    expect(activity.activity.map((entry: { kind: string }) => entry.kind)).toEqual(['enabled', 'created']);
    expect((await stream.get(path(chain))).json()).toMatchObject({ enabled: true, revision: 1 });
  });

  it('enables and disables without a new revision, validating a chain that starts', async () => {
    const chain = await createChain(stream, projectId, draft('Empty'));
    const refused = await patch(chain, { enabled: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().problems).toEqual([
      {
        node_id: null,
        connection_id: null,
        message: 'A running chain needs a source node (telemetry or schedule)',
      },
    ]);
    expect(refused.json().message).toMatch(/source node/);
    expect((await stream.get(path(chain))).json().enabled).toBe(false);
  });

  it('deploys a running chain: a changed node is a new version naming it, a broken one is refused at its node', async () => {
    const chain = await createChain(
      stream,
      projectId,
      validChain(boiler, { name: 'Fahrenheit', enabled: true }),
    );
    expect(chain).toMatchObject({ enabled: true, status: 'running', node_count: 3, revision: 1 });
    const actions = chain.actions.map((node) =>
      node.id === 'formula' ? { ...node, config: { mode: 'linear', m: 1.8, c: 32.5 } } : node,
    );
    const deployed = await patch(chain, { actions });
    expect(deployed.statusCode, deployed.body).toBe(200);
    expect(deployed.json().revision).toBe(2);
    const [latest] = (await stream.get(path(chain, '/versions'))).json().versions;
    expect(latest.diff).toMatchObject({ added: [], removed: [], changed: ['formula'], renamed: false });

    const broken = actions.map((node) =>
      node.id === 'sink' ? { ...node, config: { sensor_id: boiler, param_key: '' } } : node,
    );
    const refused = await stream.patch(path(chain), { revision: 2, actions: broken });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().problems).toEqual([
      {
        node_id: 'sink',
        connection_id: null,
        message: 'Write virtual sensor: param_key: name the parameter the values are stored as',
      },
    ]);
    const unwired = await stream.patch(path(chain), {
      revision: 2,
      connections: chain.connections.slice(0, 1),
    });
    expect(unwired.json().problems).toEqual([
      {
        node_id: 'sink',
        connection_id: null,
        message: 'Write virtual sensor: its input In must be connected',
      },
    ]);
    expect((await stream.get(path(chain))).json().revision).toBe(2);

    // A node failure within 15 minutes makes a running chain `failing` in the list.
    await platform.deps.db
      .insertInto('pipeline_failures')
      .values({ pipeline_id: chain.id, node_id: 'formula', entry: JSON.stringify({}) })
      .execute();
    const listed = (await stream.get(`/${projectId}/pipelines`, { search: 'Fahrenheit' })).json();
    expect(listed.pipelines[0]).toMatchObject({ id: chain.id, status: 'failing' });
    const stopped = await patch({ ...chain, revision: 2 }, { enabled: false });
    expect(stopped.json()).toMatchObject({ enabled: false, revision: 2, status: 'disabled' });
    const kinds = (await stream.get(`/${projectId}/activity`, { pipeline_id: chain.id })).json().activity;
    expect(kinds.map((a: { kind: string }) => a.kind)).toEqual(['disabled', 'deployed', 'created']);
  });

  it('deletes a chain: it is gone, its activity stays, and every node hears of it', async () => {
    const heard: unknown[] = [];
    const stop = platform.deps.bus.subscribe(CHAINS_CHANGED_CHANNEL, {
      message: ({ payload }) => heard.push(payload),
    });
    const chain = await createChain(stream, projectId, draft('Short lived'));
    const renamed: Pipeline = (await patch(chain, { name: 'Shorter lived' })).json();
    expect((await stream.delete(path(chain))).statusCode).toBe(204);
    expect((await stream.get(path(chain))).statusCode).toBe(404);
    expect((await stream.delete(path(chain))).statusCode).toBe(404);
    expect((await patch(renamed, { name: 'Ghost' })).statusCode).toBe(404);
    const activity = (await stream.get(`/${projectId}/activity`, { kind: 'deleted' })).json();
    expect(activity.activity[0]).toMatchObject({
      pipeline_name: 'Shorter lived',
      pipeline_id: null,
      revision: 2,
    });
    await expect.poll(() => heard.length).toBeGreaterThanOrEqual(3);
    expect(heard).toContainEqual({ orgId, pipelineId: chain.id });
    stop();
  });

  it('pages and filters the list by status', async () => {
    const page = (await stream.get(`/${projectId}/pipelines`, { status: 'enabled' })).json();
    expect(page.pipelines.every((p: Pipeline) => p.enabled)).toBe(true);
    const first = (await stream.get(`/${projectId}/pipelines`, { page_size: 1, page_number: 1 })).json();
    expect(first.pipelines).toHaveLength(1);
    expect(first.total_entries).toBe(first.counts.all);
    expect(first.counts.all).toBe(first.counts.enabled + first.counts.disabled);
  });

  it('refuses a graph whose nodes are of no known kind, pointing at the node', async () => {
    const node: ChainNode = {
      id: 'n1',
      type: 'no_such_kind',
      name: 'Mystery',
      config: {},
      position: { x: 0, y: 0 },
    };
    const response = await stream.post(`/${projectId}/pipelines`, { name: 'Mystery', actions: [node] });
    expect(response.statusCode).toBe(422);
    expect(response.json().problems).toEqual([
      { node_id: 'n1', connection_id: null, message: 'Mystery: unknown node type no_such_kind' },
    ]);
    const validated = await stream.post(`/${projectId}/pipelines/validate`, {
      actions: [node],
      connections: [],
    });
    expect(validated.statusCode).toBe(200);
    expect(validated.json().problems).toHaveLength(2);
  });
});

describe('who may change chains', () => {
  it('answers 403 to a member without Stream Logic, lets a viewer read only, and keeps starting chains to deployers', async () => {
    const password = 'Member#2026';
    const none = await addMember(platform.deps.db, orgId, { email: 'no.stream@ferrite.test', password });
    void none;
    const viewers = await createGroup(platform.deps.db, orgId, {
      name: 'Stream viewers',
      apps: ['streamLogic'],
    });
    await addMember(platform.deps.db, orgId, {
      email: 'stream.viewer@ferrite.test',
      password,
      groupIds: [viewers],
    });
    const editors = await createGroup(platform.deps.db, orgId, {
      name: 'Stream editors',
      apps: ['streamLogic'],
      permissions: ['streamLogic.editChains'],
    });
    await addMember(platform.deps.db, orgId, {
      email: 'stream.editor@ferrite.test',
      password,
      groupIds: [editors],
    });
    const as = async (email: string) =>
      streamClient(platform, (await signInToOrg(platform.app, email, password)).access_token);

    const chain = await createChain(stream, projectId, draft('Guarded'));
    const outsider = await as('no.stream@ferrite.test');
    expect((await outsider.get(`/${projectId}/pipelines`)).statusCode).toBe(403);
    expect((await outsider.get(`/${projectId}/gateways`)).statusCode).toBe(403);

    const viewer = await as('stream.viewer@ferrite.test');
    expect((await viewer.get(path(chain))).statusCode).toBe(200);
    expect((await viewer.post(`/${projectId}/pipelines`, draft('Nope'))).statusCode).toBe(403);
    expect((await viewer.patch(path(chain), { revision: 1, name: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.delete(path(chain))).statusCode).toBe(403);

    const editor = await as('stream.editor@ferrite.test');
    const edited = await editor.patch(path(chain), { revision: 1, name: 'Guarded by an editor' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await editor.patch(path(chain), { revision: 2, enabled: true })).statusCode).toBe(403);
    expect((await editor.post(path(chain, '/versions/1/rollback'), { revision: 2 })).statusCode).toBe(403);
    expect(
      (await editor.post(`/${projectId}/pipelines`, { ...draft('Started'), enabled: true })).statusCode,
    ).toBe(403);
  });
});

describe('node kinds', () => {
  it('lists every kind with its sockets and its config as JSON Schema', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/api/stream_process/list_nodes' });
    expect(response.statusCode).toBe(200);
    const { nodes } = listNodesResponseSchema.parse(response.json());
    const formula = nodes.find((node) => node.type === 'formula');
    expect(formula).toMatchObject({
      category: 'logic',
      inputs: [{ key: 'in', socket: { type: 'reading' }, required: true }],
      default_config: { mode: 'linear', m: 1, c: 0 },
    });
    expect(formula?.config_schema).toHaveProperty('$schema');
    expect(nodes.some((node) => node.category === 'source')).toBe(true);
  });
});
