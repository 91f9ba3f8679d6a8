/**
 * Topics as a tenant boundary on an external Mosquitto (dynamic security): each gateway's role allows
 * exactly its own topics, so another organization's device cannot put a command in front of a
 * gateway's device, and a gateway whose topic overlaps another's (a row from before topics were
 * checked) is allowed nothing. Debian's real clients on a private broker, never the machine's own.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addIotTenant, type IotClient } from '../testSupport';
import { type DeviceTransports, startDeviceTransports } from './deviceTransports';
import { type PrivateMosquitto, startPrivateMosquitto } from './privateMosquitto';
import {
  apiGateway,
  type CommandListener,
  forgedCommand,
  legacyGateway,
  listenForCommands,
  type MqttDevice,
  publishAsDevice,
  waitFor,
} from './realMqttDevice';
import { DynsecAdmin } from './transports/mqtt/dynsecAdmin';

const INGEST = { username: 'ferrite-ingest', password: randomBytes(12).toString('hex') };
let broker: PrivateMosquitto;
let platform: TestPlatform;
let transports: DeviceTransports;
let owner: { orgId: string; iot: IotClient; projectId: string };
let intruder: { orgId: string; iot: IotClient; projectId: string };
const listeners: CommandListener[] = [];

beforeAll(async () => {
  broker = await startPrivateMosquitto();
  const admin = await DynsecAdmin.connect({
    url: `mqtt://${broker.host}:${broker.port}`,
    ...broker.admin,
    clientIdPrefix: 'test-setup',
  });
  // Ferrite's subscriber account is the operator's to make (as in brokerCredentials.test.ts).
  const answers = await admin.execute([
    {
      command: 'createRole',
      rolename: 'ferrite-ingest',
      acls: [
        { acltype: 'subscribePattern', topic: '#', allow: true },
        { acltype: 'publishClientSend', topic: '#', allow: true },
      ],
    },
    { command: 'createClient', ...INGEST, roles: [{ rolename: 'ferrite-ingest' }] },
  ]);
  await admin.close();
  expect(answers.filter((answer) => answer.error)).toEqual([]);
  platform = await createTestPlatform({
    MQTT_URL: `mqtt://${INGEST.username}:${INGEST.password}@${broker.host}:${broker.port}`,
    MQTT_DYNSEC_USERNAME: broker.admin.username,
    MQTT_DYNSEC_PASSWORD: broker.admin.password,
    NODE_ID: `topic-acls-${randomBytes(4).toString('hex')}`,
    COAP_PORT: '0',
    HOST: '127.0.0.1',
  });
  transports = await startDeviceTransports(platform.deps);
  owner = await addIotTenant(platform, 'acl-owner');
  intruder = await addIotTenant(platform, 'acl-intruder');
}, 60_000);

afterAll(async () => {
  for (const listener of listeners) listener.stop();
  await transports?.close();
  await platform?.close();
  await broker?.stop();
});

const endpoint = () => ({ host: broker.host, port: broker.port, version: 'mqttv5' as const });

async function listen(device: MqttDevice): Promise<CommandListener> {
  const listener = await listenForCommands(endpoint(), device);
  listeners.push(listener);
  return listener;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('gateway topics on an external Mosquitto', () => {
  it("refuses a device's publish on another organization's gateway's command topic; the gateway's device receives only real commands", async () => {
    const base = `plant-${randomUUID().slice(0, 8)}/line1`;
    const victim = await apiGateway(owner.iot, owner.projectId, 'Press A', base);
    const other = await apiGateway(
      intruder.iot,
      intruder.projectId,
      'Press B',
      `other-${randomUUID().slice(0, 8)}`,
    );
    const victimDevice = await listen(victim);
    expect(victimDevice.granted).toBe(true);

    for (const topic of [`${base}/commands`, base, `${base}/heartbeat`, `${base}/commands/ack`]) {
      const answer = await publishAsDevice(endpoint(), other, topic, forgedCommand(randomUUID()));
      expect(answer, topic).toMatch(/not authorized/i);
    }
    // Nor may it listen in on the gateway's commands, directly or through a wildcard.
    expect((await listen({ ...other, topic: base })).granted).toBe(false);
    await settle();
    expect(victimDevice.received()).toEqual([]);

    const sent = await owner.iot.post(`/gateways/${victim.id}/commands`, { name: 'reboot', value: 1 });
    expect(sent.statusCode).toBe(201);
    await waitFor(() => victimDevice.received().length > 0);
    expect(victimDevice.received().map((line) => JSON.parse(line).name)).toEqual(['reboot']);
  });

  it('allows nothing to a gateway whose topic overlaps an older one, so its telemetry never reaches the other device as a command', async () => {
    const base = `plant-${randomUUID().slice(0, 8)}/line1`;
    const victim = await apiGateway(owner.iot, owner.projectId, 'Press C', base);
    // Created by an older release: its own telemetry topic is the victim's command topic.
    const squatter = await legacyGateway(
      platform,
      intruder,
      `${base}/commands`,
      new Date(Date.now() + 1_000),
    );
    await platform.deps.deviceLink.gatewayChanged(squatter.id, squatter.token);
    const victimDevice = await listen(victim);
    expect(victimDevice.granted).toBe(true);

    const answer = await publishAsDevice(endpoint(), squatter, squatter.topic, forgedCommand(randomUUID()));
    expect(answer).toMatch(/not authorized/i);
    expect((await listen(squatter)).granted).toBe(false);
    await settle();
    expect(victimDevice.received()).toEqual([]);
  });
});
