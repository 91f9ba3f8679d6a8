/** Commands: stored pending, pushed to a connected MQTT gateway when a transport can, listed, expired. */
import { type DeviceCommand, SOCKET_EVENTS, socketRoomName } from '@ferrite/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addProject } from '../../entityManager/testSupport';
import type { CommandTarget } from '../ingest/deviceLink';
import { captureEvents, createGateway, demoAdmin, gatewayBody, type IotClient } from '../testSupport';
import { expireCommands } from './expireCommands';
import { commandExpiryJob } from './expiryJob';

let platform: TestPlatform;
let orgId: string;
let iot: IotClient;
let mqtt: { id: string; topic: string };
let http: { id: string };

beforeAll(async () => {
  platform = await createTestPlatform();
  ({ orgId, iot } = await demoAdmin(platform));
  const projectId = await addProject(platform, orgId, 'Actuated plant');
  const created = (await createGateway(iot, projectId, gatewayBody('Valve box'))).gateway;
  mqtt = { id: created.id, topic: created.topic as string };
  http = (await createGateway(iot, projectId, gatewayBody('Poller', { type: 'HTTPS', protocol: 'HTTP' })))
    .gateway;
});
afterEach(() => platform.deps.deviceLink.setPusher(null));
afterAll(() => platform.close());

async function logMessages(gatewayId: string): Promise<string[]> {
  await platform.deps.gatewayLogs.flush();
  return (await iot.get(`/gateways/${gatewayId}/logs`))
    .json()
    .logs.map((line: { message: string }) => line.message);
}

describe('sending a command', () => {
  it('stays pending when no transport can push it, and is logged and announced', async () => {
    const capture = captureEvents(platform);
    const before = Date.now();
    const response = await iot.post(`/gateways/${http.id}/commands`, {
      name: 'set_point',
      value: { target: 21.5 },
      timeout_s: 60,
    });
    capture.stop();
    expect(response.statusCode).toBe(201);
    const command = response.json();
    expect(command).toMatchObject({
      gateway_id: http.id,
      name: 'set_point',
      value: { target: 21.5 },
      status: 'pending',
      result: null,
      delivered_at: null,
      created_by: { name: expect.any(String) },
    });
    const expires = new Date(command.expires_at).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 59_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 61_000);
    expect(capture.events).toContainEqual([
      socketRoomName({ kind: 'gatewayLogs', orgId, gatewayId: http.id }),
      SOCKET_EVENTS.gatewayCommand,
      command,
    ]);
    expect(await logMessages(http.id)).toContain('Queued command "set_point" until the gateway fetches it');
  });

  it('is delivered when the MQTT transport pushes it', async () => {
    const pushed: [CommandTarget, DeviceCommand][] = [];
    platform.deps.deviceLink.setPusher(async (target, command) => {
      pushed.push([target, command]);
      return true;
    });
    const response = await iot.post(`/gateways/${mqtt.id}/commands`, { name: 'reboot', value: null });
    expect(response.statusCode).toBe(201);
    const command = response.json();
    expect(command.status).toBe('delivered');
    expect(command.delivered_at).not.toBeNull();
    expect(pushed).toEqual([
      [
        { id: mqtt.id, orgId, protocol: 'MQTT', topic: mqtt.topic },
        { id: command.id, name: 'reboot', value: null, expires_at: command.expires_at },
      ],
    ]);
    expect(await logMessages(mqtt.id)).toContain('Sent command "reboot"');
  });

  it('stays pending when the push fails', async () => {
    platform.deps.deviceLink.setPusher(async () => {
      throw new Error('broker down');
    });
    const response = await iot.post(`/gateways/${mqtt.id}/commands`, { name: 'reboot', value: 1 });
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe('pending');
  });

  it('checks the body and refuses an archived gateway', async () => {
    const reserved = await iot.post(`/gateways/${http.id}/commands`, { name: 'firmware_update', value: 1 });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().errors).toEqual([
      { path: 'body.name', message: 'firmware_update is sent by firmware rollouts' },
    ]);
    const noValue = await iot.post(`/gateways/${http.id}/commands`, { name: 'x' });
    expect(noValue.json().errors).toEqual([{ path: 'body.value', message: 'Please enter a JSON value' }]);
    await iot.post(`/gateways/${http.id}/archive`);
    const archived = await iot.post(`/gateways/${http.id}/commands`, { name: 'x', value: 1 });
    await iot.post(`/gateways/${http.id}/unarchive`);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().detail).toBe('Gateway "Poller" is archived; unarchive it to send commands');
  });

  it('lists a gateway’s commands newest first with paging', async () => {
    const page = (await iot.get(`/gateways/${mqtt.id}/commands`, { page_size: 1 })).json();
    expect(page.total_entries).toBe(2);
    expect(page.commands).toHaveLength(1);
    expect(page.commands[0]).toMatchObject({ name: 'reboot', value: 1 });
    const second = (await iot.get(`/gateways/${mqtt.id}/commands`, { page_size: 1, page_number: 2 })).json();
    expect(second.commands[0]).toMatchObject({ name: 'reboot', status: 'delivered' });
  });
});

describe('expiring commands', () => {
  it('times out pending and delivered commands past their expiry, and only those', async () => {
    const fresh = (
      await iot.post(`/gateways/${http.id}/commands`, { name: 'later', value: 1, timeout_s: 3600 })
    ).json();
    const capture = captureEvents(platform);
    const expired = await expireCommands(
      platform.deps.db,
      platform.deps.realtime,
      new Date(Date.now() + 600_000),
    );
    capture.stop();
    expect(expired).toBe(3);
    const statuses = async (gatewayId: string) =>
      (await iot.get(`/gateways/${gatewayId}/commands`))
        .json()
        .commands.map((c: { name: string; status: string }) => [c.name, c.status]);
    expect(await statuses(mqtt.id)).toEqual([
      ['reboot', 'timed_out'],
      ['reboot', 'timed_out'],
    ]);
    expect(await statuses(http.id)).toEqual([
      ['later', 'pending'],
      ['set_point', 'timed_out'],
    ]);
    const announced = capture.events.filter(([, event]) => event === SOCKET_EVENTS.gatewayCommand);
    expect(announced).toHaveLength(3);
    expect(announced.map(([, , payload]) => (payload as { status: string }).status)).toEqual([
      'timed_out',
      'timed_out',
      'timed_out',
    ]);
    expect(fresh.status).toBe('pending');
    expect(
      await expireCommands(platform.deps.db, platform.deps.realtime, new Date(Date.now() + 600_000)),
    ).toBe(0);
  });
});

describe('command expiry on the job queue', () => {
  it('times out an unanswered command at its expires_at, from the delayed job its dispatch queued', async () => {
    await platform.deps.jobs.define(commandExpiryJob(platform.deps));
    const command = (
      await iot.post(`/gateways/${http.id}/commands`, { name: 'open_valve', value: 1, timeout_s: 5 })
    ).json();
    const expiresAt = Date.parse(command.expires_at);
    const queued = await sql<{ start_after: Date; data: { expiresAt: string } }>`
      select start_after, data from pgboss.job where name = 'iotManager.commandExpiry' and data->>'expiresAt' = ${command.expires_at}`.execute(
      platform.deps.db,
    );
    expect(queued.rows.map((row) => new Date(row.start_after).getTime())).toEqual([expiresAt]);
    const status = async () =>
      (await iot.get(`/gateways/${http.id}/commands`))
        .json()
        .commands.find((c: { id: string }) => c.id === command.id);
    expect((await status()).status).toBe('pending');
    const deadline = Date.now() + 15_000;
    while ((await status()).status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const ended = await status();
    expect(ended.status).toBe('timed_out');
    // Not before its time, and within the queue's polling interval (2 s) after it.
    expect(Date.parse(ended.completed_at)).toBeGreaterThanOrEqual(expiresAt);
    expect(Date.parse(ended.completed_at)).toBeLessThan(expiresAt + 4_000);
  });
});
