/** Parameter mapping: JSON paths onto sensor parameters, the one-feeder rule with its question, the tree. */
import { parseJsonPath } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addProject } from '../../entityManager/testSupport';
import { createGateway, demoAdmin, gatewayBody, type IotClient, projectWithSensors } from '../testSupport';
import { MappingRepository } from './repository';

let platform: TestPlatform;
let iot: IotClient;
let plant: Awaited<ReturnType<typeof projectWithSensors>>;
let north: string;
let south: string;
const changed: string[] = [];

beforeAll(async () => {
  platform = await createTestPlatform();
  const admin = await demoAdmin(platform);
  iot = admin.iot;
  plant = await projectWithSensors(platform, admin.orgId, admin.token, 'Mapping plant');
  north = (await createGateway(iot, plant.projectId, gatewayBody('North'))).gateway.id;
  south = (await createGateway(iot, plant.projectId, gatewayBody('South'))).gateway.id;
  platform.deps.deviceLink.onGatewayChanged((id) => changed.push(id));
});
afterAll(() => platform.close());

describe('mapping a JSON path', () => {
  it('maps a path to a parameter the sensor inherits from its type chain and tells the transports', async () => {
    changed.length = 0;
    const response = await iot.post(`/gateways/${north}/mappings`, {
      json_path: '$.data.temp',
      sensor_id: plant.boiler,
      param_key: 'temperature',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      gateway_id: north,
      json_path: '$.data.temp',
      sensor_id: plant.boiler,
      sensor_name: 'Boiler',
      param_key: 'temperature',
    });
    expect(changed).toEqual([north]);
    const list = (await iot.get(`/gateways/${north}/mappings`)).json();
    expect(list.mappings.map((m: { json_path: string }) => m.json_path)).toEqual(['$.data.temp']);
    expect((await iot.get(`/gateways/${north}`)).json().mapped_count).toBe(1);
  });

  it('refuses a bad path, a non-sensor, another project and an unknown parameter with 422 on the field', async () => {
    const bad = await iot.post(`/gateways/${north}/mappings`, {
      json_path: 'data[x]',
      sensor_id: plant.pump,
      param_key: 'flow',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      { path: 'body.json_path', message: (parseJsonPath('data[x]') as { error: string }).error },
    ]);

    const asset = await iot.post(`/gateways/${north}/mappings`, {
      json_path: 'a',
      sensor_id: plant.line,
      param_key: 'flow',
    });
    expect(asset.statusCode).toBe(422);
    expect(asset.json().errors).toEqual([
      { path: 'body.sensor_id', message: 'Only sensors can be mapped; this is an asset' },
    ]);

    const otherProject = await addProject(platform, (await demoAdmin(platform)).orgId, 'Unrelated');
    const stranger = (await createGateway(iot, otherProject, gatewayBody('Stranger'))).gateway.id;
    const foreign = await iot.post(`/gateways/${stranger}/mappings`, {
      json_path: 'a',
      sensor_id: plant.pump,
      param_key: 'flow',
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors[0].path).toBe('body.sensor_id');

    const unknown = await iot.post(`/gateways/${north}/mappings`, {
      json_path: 'a',
      sensor_id: plant.pump,
      param_key: 'speed',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([
      { path: 'body.param_key', message: '"Pump" has no parameter "speed"; its parameters are flow' },
    ]);
    expect(
      (
        await iot.post(`/gateways/${north}/mappings`, {
          json_path: '',
          sensor_id: plant.pump,
          param_key: 'flow',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('asks before moving a parameter another path feeds (409 naming it), and moves it with replace', async () => {
    const first = (
      await iot.post(`/gateways/${north}/mappings`, {
        json_path: 'p',
        sensor_id: plant.boiler,
        param_key: 'pressure',
      })
    ).json();
    const conflict = await iot.post(`/gateways/${south}/mappings`, {
      json_path: 'press',
      sensor_id: plant.boiler,
      param_key: 'pressure',
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      title: 'Parameter already mapped',
      detail: 'Boiler.pressure is fed by North from "p". Remove that mapping and create the new one?',
      status: 409,
      existing: { id: first.id, gateway_id: north, gateway_name: 'North', json_path: 'p' },
    });

    changed.length = 0;
    const replaced = await iot.post(`/gateways/${south}/mappings`, {
      json_path: 'press',
      sensor_id: plant.boiler,
      param_key: 'pressure',
      replace: true,
    });
    expect(replaced.statusCode).toBe(201);
    expect(replaced.json()).toMatchObject({ gateway_id: south, json_path: 'press' });
    expect(changed.sort()).toEqual([north, south].sort());
    const northPaths = (await iot.get(`/gateways/${north}/mappings`))
      .json()
      .mappings.map((m: { json_path: string }) => m.json_path);
    expect(northPaths).not.toContain('p');
  });

  it('asks the same question when another request mapped the parameter between check and insert', async () => {
    const check = vi.spyOn(MappingRepository.prototype, 'feeding').mockResolvedValueOnce(undefined);
    const response = await iot.post(`/gateways/${north}/mappings`, {
      json_path: 'late',
      sensor_id: plant.boiler,
      param_key: 'pressure',
    });
    check.mockRestore();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      title: 'Parameter already mapped',
      existing: { gateway_id: south },
    });
  });

  it('deletes a mapping of the gateway (404 through another gateway)', async () => {
    const created = (
      await iot.post(`/gateways/${south}/mappings`, {
        json_path: 'flow',
        sensor_id: plant.pump,
        param_key: 'flow',
      })
    ).json();
    expect((await iot.delete(`/gateways/${north}/mappings/${created.id}`)).statusCode).toBe(404);
    changed.length = 0;
    expect((await iot.delete(`/gateways/${south}/mappings/${created.id}`)).statusCode).toBe(204);
    expect(changed).toEqual([south]);
    expect((await iot.delete(`/gateways/${south}/mappings/${created.id}`)).statusCode).toBe(404);
  });
});

describe('the mapping tree', () => {
  it("shows the gateway's project depth-first, each sensor with its parameters and who feeds them", async () => {
    const response = await iot.get(`/gateways/${north}/mapping_tree`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.project).toEqual({ id: plant.projectId, name: 'Mapping plant' });
    expect(body.nodes.map((n: { name: string; depth: number }) => [n.name, n.depth])).toEqual([
      ['Line 1', 0],
      ['Boiler', 1],
      ['Pump', 1],
    ]);
    expect(body.nodes[0]).toMatchObject({ kind: 'asset', parent_id: null, parameters: [] });
    const boiler = body.nodes[1];
    expect(boiler).toMatchObject({ kind: 'sensor', parent_id: plant.line });
    expect(boiler.parameters).toEqual([
      {
        key: 'temperature',
        data_type: 'number',
        unit: '°C',
        mapped: {
          mapping_id: expect.any(String),
          gateway_id: north,
          gateway_name: 'North',
          json_path: '$.data.temp',
        },
      },
      {
        key: 'pressure',
        data_type: 'number',
        unit: 'bar',
        mapped: {
          mapping_id: expect.any(String),
          gateway_id: south,
          gateway_name: 'South',
          json_path: 'press',
        },
      },
    ]);
    expect(body.nodes[2].parameters).toEqual([
      { key: 'flow', data_type: 'number', unit: 'l/min', mapped: null },
    ]);
  });
});
