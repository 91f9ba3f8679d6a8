/**
 * The chain editor's pickers: a project's gateways a page at a time (page_number 1, page_size 25 by
 * default) with type and status, and its assets as `entities[0].entities` with uuid, name and type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { createGateway, iotClient } from '../../iotManager/testSupport';
import { streamTenant } from '../testSupport';

let platform: TestPlatform;
let tenant: Awaited<ReturnType<typeof streamTenant>>;

beforeAll(async () => {
  platform = await createTestPlatform();
  tenant = await streamTenant(platform, 'Picker plant');
  const iot = iotClient(platform, tenant.orgId, tenant.token);
  for (const name of ['Gateway B', 'Gateway A', 'Gateway C'])
    await createGateway(iot, tenant.projectId, { name, type: 'MQTT', protocol: 'MQTT' });
});
afterAll(() => platform.close());

describe('stream pickers', () => {
  it("lists the project's gateways by name, paged, with type and status", async () => {
    const all = (await tenant.stream.get(`/${tenant.projectId}/gateways`)).json();
    expect(all.total_entries).toBe(3);
    expect(all.gateways.map((g: { name: string }) => g.name)).toEqual([
      'Gateway A',
      'Gateway B',
      'Gateway C',
    ]);
    expect(all.gateways[0]).toEqual({
      uuid: expect.any(String),
      name: 'Gateway A',
      type: 'MQTT',
      status: 'offline',
    });
    const second = (
      await tenant.stream.get(`/${tenant.projectId}/gateways`, { page_number: 2, page_size: 2 })
    ).json();
    expect(second).toMatchObject({ total_entries: 3, gateways: [{ name: 'Gateway C' }] });
  });

  it("lists the project's assets under entities[0].entities with uuid, name and type", async () => {
    const body = (await tenant.stream.get(`/${tenant.projectId}/assets`)).json();
    expect(body).toEqual({
      entities: [{ entities: [{ uuid: tenant.line, name: 'Line 1', type: 'Picker plant line' }] }],
    });
  });
});
