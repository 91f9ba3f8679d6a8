/** Gateways through the API: create with defaults and a once-shown token, validation, clashes, limits, edits. */
import { createHash } from 'node:crypto';
import { MESSAGES } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityOf } from '../../../testing/people';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addOrgWithAdmin, addProject } from '../../entityManager/testSupport';
import { createGateway, demoAdmin, errorPaths, gatewayBody, type IotClient, iotClient } from '../testSupport';
import { GatewayRepository } from './repository';

let platform: TestPlatform;
let orgId: string;
let iot: IotClient;
let projectId: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  ({ orgId, iot } = await demoAdmin(platform));
  projectId = await addProject(platform, orgId, 'Gateways plant');
});
afterAll(() => platform.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function storedToken(id: string) {
  return platform.deps.db
    .selectFrom('gateways')
    .select(['token_hash', 'token_hint'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('creating a gateway', () => {
  it('fills in topic, client id, user name, host, port and path, and shows the token only once', async () => {
    const { gateway, access_token } = await createGateway(iot, projectId, gatewayBody('Boiler house'));
    const id = gateway.id;
    expect(access_token).toMatch(/^fgw_[\w-]{43}$/);
    expect(gateway).toMatchObject({
      uuid: id,
      org_id: orgId,
      project_id: projectId,
      topic: `ferrite/${id}`,
      client_id: `gw-${id.replaceAll('-', '').slice(0, 12)}`,
      username: `gw-${id.replaceAll('-', '').slice(0, 12)}`,
      host_name: 'ferrite.test',
      port_info: '1883',
      path: `ferrite/${id}`,
      status: 'offline',
      last_seen_at: null,
      heartbeat_timeout_s: 60,
      access_token_hint: access_token.slice(-4),
      static_params: [],
      timestamp_mapping: { field: null, format: 'iso8601' },
      mapped_count: 0,
      parent: null,
      archived_at: null,
    });
    expect(await storedToken(id)).toEqual({
      token_hash: sha256(access_token),
      token_hint: access_token.slice(-4),
    });

    const read = await iot.get(`/gateways/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(access_token);
    expect(read.json()).not.toHaveProperty('access_token');
    expect(read.json().access_token_hint).toBe(access_token.slice(-4));

    const entries = await activityOf(platform.deps.db, orgId);
    expect(entries.at(-1)).toMatchObject({ app: 'iotManager', action: 'created', entity_id: id });
    expect(JSON.stringify(entries.at(-1))).not.toContain(access_token);
  });

  it('defaults port and path per protocol', async () => {
    const http = (
      await createGateway(iot, projectId, gatewayBody('Http one', { type: 'HTTPS', protocol: 'HTTP' }))
    ).gateway;
    expect(http).toMatchObject({ port_info: '80', path: `/api/ingest/${http.id}` });
    const coap = (
      await createGateway(iot, projectId, gatewayBody('Coap one', { type: 'HTTPS', protocol: 'CoAP' }))
    ).gateway;
    expect(coap).toMatchObject({ port_info: '5683', path: `/ingest/${coap.id}` });
    const custom = (
      await createGateway(
        iot,
        projectId,
        gatewayBody('Custom', { topic: 'site/custom', host_name: 'mqtt.example.com', port_info: '8883' }),
      )
    ).gateway;
    expect(custom).toMatchObject({
      topic: 'site/custom',
      path: 'site/custom',
      host_name: 'mqtt.example.com',
      port_info: '8883',
    });
  });

  it('answers the parameter messages of spec §5 with their field paths', async () => {
    const response = await iot.post(
      `/projects/${projectId}/gateways`,
      gatewayBody('Params', {
        static_params: [
          { key: '', value: '', unit: '' },
          { key: 'rate', value: '5', data_type: 'number', unit: 's' },
          { key: 'rate', value: '5', data_type: 'number', unit: 'ms' },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors as { path: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'body.static_params.0.key', message: MESSAGES.gatewayParam.key },
        { path: 'body.static_params.0.value', message: MESSAGES.gatewayParam.value },
        { path: 'body.static_params.0.data_type', message: MESSAGES.gatewayParam.dataType },
        { path: 'body.static_params.0.unit', message: MESSAGES.gatewayParam.unit },
      ]),
    );
    const duplicate = await iot.post(
      `/projects/${projectId}/gateways`,
      gatewayBody('Params', {
        streaming_params: [
          { key: 'rate', value: '5', data_type: 'number', unit: 's' },
          { key: 'rate', value: '5', data_type: 'number', unit: 'ms' },
        ],
      }),
    );
    expect(duplicate.json().errors).toEqual([
      { path: 'body.streaming_params.1.key', message: 'This Key, Value, Type already exists' },
    ]);
    const mismatch = await iot.post(
      `/projects/${projectId}/gateways`,
      gatewayBody('X', { protocol: 'HTTP' }),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(errorPaths(mismatch)).toEqual(['body.protocol']);
  });

  it('answers 409 on the field when a topic or client id is taken, in any organization', async () => {
    await createGateway(iot, projectId, gatewayBody('First', { topic: 'plant/a', client_id: 'plant-a' }));
    const topic = await iot.post(
      `/projects/${projectId}/gateways`,
      gatewayBody('Second', { topic: 'plant/a' }),
    );
    expect(topic.statusCode).toBe(409);
    expect(errorPaths(topic)).toEqual(['body.topic']);
    const both = await iot.post(
      `/projects/${projectId}/gateways`,
      gatewayBody('Second', { topic: 'plant/a', client_id: 'plant-a' }),
    );
    expect(errorPaths(both)).toEqual(['body.topic', 'body.client_id']);

    const other = await addOrgWithAdmin(platform, 'other-gateways', ['iotManager']);
    const otherProject = await addProject(platform, other.orgId, 'Elsewhere');
    const elsewhere = iotClient(platform, other.orgId, other.token);
    const clash = await elsewhere.post(
      `/projects/${otherProject}/gateways`,
      gatewayBody('Mine', { client_id: 'plant-a' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(errorPaths(clash)).toEqual(['body.client_id']);
  });

  it('answers 409 on the user name when another gateway has it, in any organization', async () => {
    const first = (await createGateway(iot, projectId, gatewayBody('Named', { username: 'line-user' })))
      .gateway;
    const taken = await iot.post(
      `/projects/${projectId}/gateways`,
      gatewayBody('Copy', { username: 'line-user' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([
      { path: 'body.username', message: 'Another gateway already uses this user name' },
    ]);
    // Omitted, the user name is the client id: one another gateway chose as its user name is taken too.
    const byDefault = await iot.post(
      `/projects/${projectId}/gateways`,
      gatewayBody('Default', { client_id: 'line-user' }),
    );
    expect(errorPaths(byDefault)).toEqual(['body.username']);

    const other = await addOrgWithAdmin(platform, 'other-usernames', ['iotManager']);
    const elsewhere = iotClient(platform, other.orgId, other.token);
    const otherProject = await addProject(platform, other.orgId, 'Far away');
    const across = await elsewhere.post(
      `/projects/${otherProject}/gateways`,
      gatewayBody('Theirs', { username: 'line-user' }),
    );
    expect(errorPaths(across)).toEqual(['body.username']);

    // Two gateways that shared a user name before this check stay editable; a taken one is refused.
    const second = (await createGateway(iot, projectId, gatewayBody('Second named'))).gateway;
    await platform.deps.db
      .updateTable('gateways')
      .set({ username: 'line-user' })
      .where('id', '=', second.id)
      .execute();
    const renamed = await iot.put(`/gateways/${second.id}`, gatewayBody('Second renamed'));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().username).toBe('line-user');
    const third = (await createGateway(iot, projectId, gatewayBody('Third named'))).gateway;
    const moved = await iot.put(
      `/gateways/${third.id}`,
      gatewayBody('Third named', { username: first.username }),
    );
    expect(errorPaths(moved)).toEqual(['body.username']);
  });

  it('answers the same 409 when a concurrent create takes the topic between check and insert', async () => {
    await createGateway(iot, projectId, gatewayBody('Racer', { topic: 'race/a' }));
    // The check sees the topic free, as it would if the other create had not committed yet.
    const check = vi
      .spyOn(GatewayRepository.prototype, 'clashes')
      .mockResolvedValueOnce({ topic: false, clientId: false, username: false });
    const response = await iot.post(
      `/projects/${projectId}/gateways`,
      gatewayBody('Loser', { topic: 'race/a' }),
    );
    check.mockRestore();
    expect(response.statusCode).toBe(409);
    expect(errorPaths(response)).toEqual(['body.topic']);
  });

  it('refuses a parent that is not a gateway of the same project (422), and shows a good one', async () => {
    const parent = (await createGateway(iot, projectId, gatewayBody('Parent'))).gateway;
    const otherProject = await addProject(platform, orgId, 'Other plant');
    const stranger = (await createGateway(iot, otherProject, gatewayBody('Stranger'))).gateway;
    for (const parentId of [stranger.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await iot.post(
        `/projects/${projectId}/gateways`,
        gatewayBody('Child', { parent_id: parentId }),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([
        { path: 'body.parent_id', message: 'No gateway with this id in this project' },
      ]);
    }
    const child = (await createGateway(iot, projectId, gatewayBody('Child', { parent_id: parent.id })))
      .gateway;
    expect(child.parent).toEqual({ id: parent.id, name: 'Parent' });

    const self = await iot.put(`/gateways/${parent.id}`, gatewayBody('Parent', { parent_id: parent.id }));
    expect(self.statusCode).toBe(422);
    const cycle = await iot.put(`/gateways/${parent.id}`, gatewayBody('Parent', { parent_id: child.id }));
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors[0].path).toBe('body.parent_id');
  });

  it('answers 404 for an archived project or one of another organization', async () => {
    const archived = await addProject(platform, orgId, 'Old plant', { archived: true });
    expect((await iot.post(`/projects/${archived}/gateways`, gatewayBody('X'))).statusCode).toBe(404);
    const other = await addOrgWithAdmin(platform, 'other-projects', ['iotManager']);
    const foreign = await addProject(platform, other.orgId, 'Foreign');
    expect((await iot.post(`/projects/${foreign}/gateways`, gatewayBody('X'))).statusCode).toBe(404);
    expect((await iot.get(`/projects/${foreign}/gateways`)).statusCode).toBe(404);
  });
});

describe("a project's gateway list", () => {
  it('pages a tab newest first, with the search total and both tab counts, past the end too', async () => {
    const project = await addProject(platform, orgId, 'Listed plant');
    const other = await addProject(platform, orgId, 'Other plant');
    await createGateway(iot, other, gatewayBody('Boiler elsewhere'));
    await createGateway(iot, project, gatewayBody('Boiler A'));
    await createGateway(iot, project, gatewayBody('Boiler B'));
    const chiller = (await createGateway(iot, project, gatewayBody('Chiller'))).gateway;
    expect((await iot.post(`/gateways/${chiller.id}/archive`)).statusCode).toBe(200);

    const list = async (query: string) => {
      const response = await iot.get(`/projects/${project}/gateways?${query}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      return {
        names: body.gateways.map((g: { name: string }) => g.name),
        total: body.total_entries,
        counts: body.counts,
      };
    };
    const counts = { active: 2, archived: 1 };
    expect(await list('page_size=1')).toEqual({ names: ['Boiler B'], total: 2, counts });
    expect(await list('page_size=1&page_number=2')).toEqual({ names: ['Boiler A'], total: 2, counts });
    expect(await list('page_size=1&page_number=5')).toEqual({ names: [], total: 2, counts });
    expect(await list('search=boiler%20a')).toEqual({ names: ['Boiler A'], total: 1, counts });
    expect(await list('search=nothing')).toEqual({ names: [], total: 0, counts });
    expect(await list('is_archived=true')).toEqual({ names: ['Chiller'], total: 1, counts });

    const empty = await addProject(platform, orgId, 'Empty plant');
    const none = await iot.get(`/projects/${empty}/gateways`);
    expect(none.json()).toMatchObject({ gateways: [], total_entries: 0, counts: { active: 0, archived: 0 } });
  });
});

describe('the gateway limit', () => {
  it('caps active gateways; archiving frees a place and unarchiving needs one', async () => {
    const limited = await addOrgWithAdmin(platform, 'limited-gateways', ['iotManager']);
    await platform.deps.db
      .updateTable('orgs')
      .set({ limits: JSON.stringify({ users: 5, gateways: 2, data_retention_days: 30 }) })
      .where('id', '=', limited.orgId)
      .execute();
    const client = iotClient(platform, limited.orgId, limited.token);
    const project = await addProject(platform, limited.orgId, 'Small');
    const first = (await createGateway(client, project, gatewayBody('One'))).gateway;
    await createGateway(client, project, gatewayBody('Two'));
    const third = await client.post(`/projects/${project}/gateways`, gatewayBody('Three'));
    expect(third.statusCode).toBe(409);
    expect(third.json().title).toBe('Gateway limit reached');
    expect(third.json().detail).toContain('may have 2 active gateways');

    expect((await client.post(`/gateways/${first.id}/archive`)).statusCode).toBe(200);
    await createGateway(client, project, gatewayBody('Three'));
    const unarchive = await client.post(`/gateways/${first.id}/unarchive`);
    expect(unarchive.statusCode).toBe(409);
    expect(unarchive.json().title).toBe('Gateway limit reached');
  });
});

describe('editing, archiving, rotating and deleting', () => {
  it('replaces fields and the timestamp mapping, keeps topic and client id when omitted, and tells the transports', async () => {
    const created = (await createGateway(iot, projectId, gatewayBody('Editable', { topic: 'edit/me' })))
      .gateway;
    const changed: string[] = [];
    const stop = platform.deps.deviceLink.onGatewayChanged((id) => changed.push(id));
    const response = await iot.put(
      `/gateways/${created.id}`,
      gatewayBody('Edited', {
        description: 'Roof unit',
        timestamp_mapping: { field: 'ts', format: 'epoch_ms' },
        static_params: [{ key: 'site', value: 'north', data_type: 'string', unit: '-' }],
      }),
    );
    stop();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Edited',
      description: 'Roof unit',
      topic: 'edit/me',
      client_id: created.client_id,
      project_id: projectId,
      timestamp_mapping: { field: 'ts', format: 'epoch_ms' },
      static_params: [{ key: 'site', value: 'north', data_type: 'string', unit: '-' }],
    });
    expect(changed).toEqual([created.id]);
    await createGateway(iot, projectId, gatewayBody('Holder', { topic: 'edit/taken' }));
    const clash = await iot.put(`/gateways/${created.id}`, gatewayBody('Edited', { topic: 'edit/taken' }));
    expect(clash.statusCode).toBe(409);
    expect(errorPaths(clash)).toEqual(['body.topic']);
  });

  it('archives and unarchives once each (409 when already there)', async () => {
    const { id } = (await createGateway(iot, projectId, gatewayBody('Archivable'))).gateway;
    const archived = await iot.post(`/gateways/${id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archived_at).not.toBeNull();
    expect((await iot.post(`/gateways/${id}/archive`)).statusCode).toBe(409);
    expect((await iot.post(`/gateways/${id}/unarchive`)).json().archived_at).toBeNull();
    expect((await iot.post(`/gateways/${id}/unarchive`)).statusCode).toBe(409);
  });

  it('issues a new token: the old hash is replaced and the new token is shown once', async () => {
    // The transports hear of each issued token after the commit (an external broker's only chance).
    const issued: [string, string | undefined][] = [];
    const stop = platform.deps.deviceLink.onGatewayChanged((id, token) => issued.push([id, token]));
    const { gateway, access_token } = await createGateway(iot, projectId, gatewayBody('Rotating'));
    const rotated = await iot.post(`/gateways/${gateway.id}/access_token`);
    stop();
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().access_token as string;
    expect(fresh).not.toBe(access_token);
    expect(rotated.json().gateway.access_token_hint).toBe(fresh.slice(-4));
    expect((await storedToken(gateway.id)).token_hash).toBe(sha256(fresh));
    expect(issued).toEqual([
      [gateway.id, access_token],
      [gateway.id, fresh],
    ]);
  });

  it('deletes a gateway for good', async () => {
    const { id } = (await createGateway(iot, projectId, gatewayBody('Doomed'))).gateway;
    expect((await iot.delete(`/gateways/${id}`)).statusCode).toBe(204);
    expect((await iot.get(`/gateways/${id}`)).statusCode).toBe(404);
    expect((await iot.delete(`/gateways/${id}`)).statusCode).toBe(404);
  });

  it('shows a gateway online while it is heard from within its heartbeat timeout', async () => {
    const { id } = (await createGateway(iot, projectId, gatewayBody('Heard', { heartbeat_timeout_s: 30 })))
      .gateway;
    const seen = async (ago: number) => {
      await platform.deps.db
        .updateTable('gateways')
        .set({ last_seen_at: new Date(Date.now() - ago) })
        .where('id', '=', id)
        .execute();
      return (await iot.get(`/gateways/${id}`)).json().status;
    };
    expect(await seen(5_000)).toBe('online');
    expect(await seen(31_000)).toBe('offline');
  });
});
