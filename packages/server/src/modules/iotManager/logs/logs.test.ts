/** A gateway's log: newest first with paging and a level filter; deleting it all, announced live. */
import { SOCKET_EVENTS, socketRoomName } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createGroup } from '../../../testing/people';
import { signInToOrg } from '../../../testing/session';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addProject } from '../../entityManager/testSupport';
import {
  captureEvents,
  createGateway,
  demoAdmin,
  gatewayBody,
  type IotClient,
  iotClient,
} from '../testSupport';

let platform: TestPlatform;
let orgId: string;
let iot: IotClient;
let gatewayId: string;

beforeAll(async () => {
  platform = await createTestPlatform();
  ({ orgId, iot } = await demoAdmin(platform));
  const projectId = await addProject(platform, orgId, 'Logged plant');
  gatewayId = (await createGateway(iot, projectId, gatewayBody('Chatty'))).gateway.id;
  const base = { orgId, gatewayId, transport: 'mqtt' } as const;
  platform.deps.gatewayLogs.append({ ...base, kind: 'connect', level: 'info', message: 'Connected' });
  platform.deps.gatewayLogs.append({
    ...base,
    kind: 'telemetry',
    level: 'info',
    message: '1 reading',
    payload: '{"t":1}',
    points: 1,
  });
  platform.deps.gatewayLogs.append({ ...base, kind: 'error', level: 'error', message: 'Not mapped: t' });
  await platform.deps.gatewayLogs.flush();
});
afterAll(() => platform.close());

describe('gateway logs', () => {
  it('lists the newest lines first, pages back with before and filters by level', async () => {
    const response = await iot.get(`/gateways/${gatewayId}/logs`);
    expect(response.statusCode).toBe(200);
    const logs = response.json().logs as { id: string; message: string; kind: string }[];
    expect(logs.map((line) => line.message)).toEqual(['Not mapped: t', '1 reading', 'Connected']);
    expect(logs[1]).toMatchObject({
      gateway_id: gatewayId,
      kind: 'telemetry',
      transport: 'mqtt',
      payload: '{"t":1}',
      points: 1,
    });
    const older = (
      await iot.get(`/gateways/${gatewayId}/logs`, { before: logs[0]?.id ?? '', limit: 1 })
    ).json();
    expect(older.logs.map((line: { message: string }) => line.message)).toEqual(['1 reading']);
    const errors = (await iot.get(`/gateways/${gatewayId}/logs`, { level: 'error' })).json();
    expect(errors.logs).toHaveLength(1);
    expect((await iot.get(`/gateways/${gatewayId}/logs`, { limit: 0 })).statusCode).toBe(400);
  });

  it('needs the delete-logs permission to delete', async () => {
    const group = await createGroup(platform.deps.db, orgId, {
      name: 'Gateway managers',
      apps: ['iotManager'],
      permissions: ['iotManager.view', 'iotManager.manageGateways'],
    });
    await addMember(platform.deps.db, orgId, {
      email: 'manager@iot.test',
      password: 'Manager#2026',
      groupIds: [group],
    });
    const manager = iotClient(
      platform,
      orgId,
      (await signInToOrg(platform.app, 'manager@iot.test', 'Manager#2026')).access_token,
    );
    const refused = await manager.delete(`/gateways/${gatewayId}/logs`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('You do not have permission to delete logs in IoT Manager');
  });

  it('deletes every line, including ones still queued, and tells the gateway room', async () => {
    platform.deps.gatewayLogs.append({
      orgId,
      gatewayId,
      transport: 'http',
      kind: 'heartbeat',
      level: 'info',
      message: 'Heartbeat',
    });
    const capture = captureEvents(platform);
    const response = await iot.delete(`/gateways/${gatewayId}/logs`);
    capture.stop();
    expect(response.statusCode).toBe(204);
    expect((await iot.get(`/gateways/${gatewayId}/logs`)).json().logs).toEqual([]);
    expect(capture.events).toContainEqual([
      socketRoomName({ kind: 'gatewayLogs', orgId, gatewayId }),
      SOCKET_EVENTS.gatewayLogsCleared,
      { gateway_id: gatewayId },
    ]);
    const entry = await platform.deps.db
      .selectFrom('activity')
      .select(['app', 'action', 'summary'])
      .where('org_id', '=', orgId)
      .where('entity_type', '=', 'gateway_logs')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      app: 'iotManager',
      action: 'deleted',
      summary: 'Deleted 4 log lines of gateway "Chatty"',
    });
  });
});
