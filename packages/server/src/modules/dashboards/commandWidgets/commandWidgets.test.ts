/** Command widgets: placed on a panel, bound to a gateway command, sent through the IoT Manager's dispatch. */
import type { DeviceCommand } from '@ferrite/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addPerson, addProject, tokenOf } from '../../entityManager/testSupport';
import type { CommandTarget } from '../../iotManager/ingest/deviceLink';
import { createGateway, gatewayBody, iotClient } from '../../iotManager/testSupport';
import {
  createDashboard,
  createPanel,
  type DashClient,
  dashClient,
  demoDashAdmin,
  expectStatus,
} from '../testSupport';

let platform: TestPlatform;
let orgId: string;
let token: string;
let dash: DashClient;
let panelId: string;
let gateway: { id: string; topic: string; name: string };

beforeAll(async () => {
  platform = await createTestPlatform();
  ({ orgId, token, dash } = await demoDashAdmin(platform));
  const projectId = await addProject(platform, orgId, 'Actuated plant');
  const created = (
    await createGateway(iotClient(platform, orgId, token), projectId, gatewayBody('Valve box'))
  ).gateway;
  gateway = { id: created.id, topic: created.topic as string, name: 'Valve box' };
  panelId = (await createPanel(dash, (await createDashboard(dash)).id)).id;
});
afterEach(() => platform.deps.deviceLink.setPusher(null));
afterAll(() => platform.close());

const base = () => `/panels/${panelId}/command_widgets`;

describe('the editor lists', () => {
  it('lists the kinds with their defaults and the active gateways with their project and status', async () => {
    const types = expectStatus(await dash.get('/command_widget_types'), 200).json().command_widget_types;
    expect(types.map((t: { kind: string }) => t.kind)).toEqual(['button', 'switch', 'slider', 'set_point']);
    expect(types[0]).toMatchObject({ value_type: 'none', default_value_template: true });
    expect(types[2]).toMatchObject({ value_type: 'number', default_settings: { min: 0, max: 100, step: 1 } });
    const gateways = expectStatus(await dash.get('/gateways'), 200).json();
    expect(gateways.gateways).toContainEqual(
      expect.objectContaining({
        id: gateway.id,
        name: 'Valve box',
        project: { id: expect.any(String), name: 'Actuated plant' },
        status: 'offline',
      }),
    );
  });
});

describe('command widgets', () => {
  it('creates with the kind’s defaults, reads, replaces and deletes', async () => {
    const created = expectStatus(
      await dash.post(base(), {
        kind: 'button',
        title: 'Reset',
        gateway_id: gateway.id,
        command_name: 'reset',
      }),
      201,
    ).json();
    expect(created).toMatchObject({
      kind: 'button',
      title: 'Reset',
      gateway: { id: gateway.id, name: 'Valve box' },
      command_name: 'reset',
      value_template: true,
      confirmation_text: 'Are you sure you want to send this command?',
      layout: { i: created.id, x: 0, y: 0, w: 4, h: 4 },
    });
    expect((await dash.get(`${base()}/${created.id}`)).json().title).toBe('Reset');
    const replaced = expectStatus(
      await dash.put(`${base()}/${created.id}`, {
        kind: 'slider',
        gateway_id: gateway.id,
        command_name: 'set_speed',
        value_template: { rpm: '{{value}}', note: 'speed {{value}}' },
        settings: { min: 0, max: 3000, step: 100 },
      }),
      200,
    ).json();
    expect(replaced).toMatchObject({ kind: 'slider', settings: { min: 0, max: 3000, step: 100 } });
    expect((await dash.get(base())).json().command_widgets).toHaveLength(1);
    expectStatus(await dash.delete(`${base()}/${created.id}`), 204);
    expect((await dash.get(`${base()}/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses an unknown gateway and bad settings, naming the fields', async () => {
    const response = await dash.post(base(), {
      kind: 'slider',
      gateway_id: '00000000-0000-4000-8000-000000000000',
      command_name: 'x',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ path: 'body.gateway_id', message: 'No gateway with this id' }]);
    const settings = await dash.post(base(), {
      kind: 'slider',
      gateway_id: gateway.id,
      command_name: 'bad name!',
      settings: { min: 5, max: 1 },
    });
    expect(settings.statusCode).toBe(400);
    expect(settings.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'body.command_name',
      'body.settings.max',
    ]);
  });
});

describe('sending', () => {
  it('asks for confirmation, checks the value, fills the template and pushes the command', async () => {
    const slider = expectStatus(
      await dash.post(base(), {
        kind: 'slider',
        title: 'Speed',
        gateway_id: gateway.id,
        command_name: 'set_speed',
        value_template: { rpm: '{{value}}', note: 'speed {{value}}' },
        settings: { min: 0, max: 3000, step: 100 },
      }),
      201,
    ).json();
    const send = (body: object) => dash.post(`${base()}/${slider.id}/send`, body);
    const unconfirmed = await send({ value: 1200 });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().errors).toEqual([
      { path: 'body.confirmed', message: 'Please confirm before sending this command' },
    ]);
    const offStep = await send({ value: 1250, confirmed: true });
    expect(offStep.json().errors).toEqual([
      { path: 'body.value', message: 'The value must be a step of 100 from 0' },
    ]);
    const outOfRange = await send({ value: 4000, confirmed: true });
    expect(outOfRange.json().errors).toEqual([
      { path: 'body.value', message: 'The value must be between 0 and 3000' },
    ]);

    const pushed: [CommandTarget, DeviceCommand][] = [];
    platform.deps.deviceLink.setPusher(async (target, command) => {
      pushed.push([target, command]);
      return true;
    });
    const sent = expectStatus(await send({ value: 1200, confirmed: true }), 201).json();
    expect(sent.command).toMatchObject({
      gateway_id: gateway.id,
      name: 'set_speed',
      value: { rpm: 1200, note: 'speed 1200' },
      status: 'delivered',
    });
    expect(pushed).toEqual([
      [
        { id: gateway.id, orgId, protocol: 'MQTT', topic: gateway.topic },
        expect.objectContaining({ name: 'set_speed', value: { rpm: 1200, note: 'speed 1200' } }),
      ],
    ]);
    // The IoT Manager sees the command in the gateway's history.
    const history = (await iotClient(platform, orgId, token).get(`/gateways/${gateway.id}/commands`)).json();
    expect(history.commands[0]).toMatchObject({ id: sent.command.id, name: 'set_speed' });
  });

  it('sends a switch as true or false and a button without confirmation text at once', async () => {
    const toggle = expectStatus(
      await dash.post(base(), {
        kind: 'switch',
        gateway_id: gateway.id,
        command_name: 'pump',
        confirmation_text: '',
      }),
      201,
    ).json();
    const wrong = await dash.post(`${base()}/${toggle.id}/send`, { value: 1 });
    expect(wrong.json().errors).toEqual([{ path: 'body.value', message: 'A switch sends true or false' }]);
    const sent = expectStatus(await dash.post(`${base()}/${toggle.id}/send`, { value: false }), 201).json();
    expect(sent.command).toMatchObject({ name: 'pump', value: false, status: 'pending' });
  });

  it('refuses an archived gateway, and people without the right to actuate', async () => {
    const button = expectStatus(
      await dash.post(base(), { kind: 'button', gateway_id: gateway.id, command_name: 'reset' }),
      201,
    ).json();
    await addPerson(platform, orgId, { email: 'watcher@cmd.test', apps: ['dashboards', 'iotManager'] });
    const watcher = dashClient(platform, orgId, await tokenOf(platform, 'watcher@cmd.test'));
    const denied = await watcher.post(`${base()}/${button.id}/send`, { confirmed: true });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe('You do not have permission to send commands in IoT Manager');
    const iot = iotClient(platform, orgId, token);
    await iot.post(`/gateways/${gateway.id}/archive`);
    const archived = await dash.post(`${base()}/${button.id}/send`, { confirmed: true });
    await iot.post(`/gateways/${gateway.id}/unarchive`);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().detail).toBe('Gateway "Valve box" is archived; unarchive it to send commands');
  });
});
