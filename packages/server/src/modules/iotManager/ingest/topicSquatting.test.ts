/**
 * MQTT topics are a tenant boundary, checked with Debian's real clients on the embedded broker: a
 * gateway of another organization can neither take a topic inside a gateway's tree nor, with one left
 * from before that check, put a forged command in front of the gateway's device.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addIotTenant, gatewayBody, type IotClient } from '../testSupport';
import { type DeviceTransports, startDeviceTransports } from './deviceTransports';
import {
  apiGateway,
  type CommandListener,
  type MqttDevice as Device,
  forgedCommand as forged,
  legacyGateway,
  listenForCommands,
  publishAsDevice,
  waitFor,
} from './realMqttDevice';
import { logLines } from './testSupport';

let platform: TestPlatform;
let transports: DeviceTransports;
let port: number;
let owner: { orgId: string; iot: IotClient; projectId: string };
let squatter: { orgId: string; iot: IotClient; projectId: string };
const listeners: CommandListener[] = [];

beforeAll(async () => {
  platform = await createTestPlatform({ MQTT_PORT: '0', COAP_PORT: '0', HOST: '127.0.0.1' });
  transports = await startDeviceTransports(platform.deps);
  port = transports.mqttPort as number;
  owner = await addIotTenant(platform, 'plant-a');
  squatter = await addIotTenant(platform, 'plant-b');
}, 60_000);
afterAll(async () => {
  for (const listener of listeners) listener.stop();
  await transports.close();
  await platform.close();
});

const endpoint = () => ({ host: '127.0.0.1', port });

async function listen(device: Device): Promise<CommandListener> {
  const listener = await listenForCommands(endpoint(), device);
  listeners.push(listener);
  return listener;
}

/** The broker may refuse the publish and drop the connection: what matters is where it arrives. */
async function publish(device: Device, topic: string, message: string): Promise<void> {
  await publishAsDevice(endpoint(), device, topic, message);
}

/** Long enough for a forwarded message to have arrived over loopback. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('a gateway topic as a tenant boundary, with mosquitto_pub and mosquitto_sub', () => {
  it("refuses another organization's gateway on the owner's command topic, and no publish of its device reaches the owner's device", async () => {
    const base = `plant-${randomUUID().slice(0, 8)}/line1`;
    const victim = await apiGateway(owner.iot, owner.projectId, 'Press A', base);
    for (const topic of [`${base}/commands`, `${base}/commands/x`]) {
      const refused = await squatter.iot.post(
        `/projects/${squatter.projectId}/gateways`,
        gatewayBody('B', { topic }),
      );
      expect(refused.statusCode, topic).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, topic).toBeLessThan(500);
    }
    const intruder = await apiGateway(
      squatter.iot,
      squatter.projectId,
      'Press B',
      `other-${randomUUID().slice(0, 8)}`,
    );

    const victimDevice = await listen(victim);
    expect(victimDevice.granted).toBe(true);
    for (const topic of [`${base}/commands`, base, `${base}/heartbeat`, `${base}/commands/ack`, `${base}/#`])
      await publish(intruder, topic, forged(randomUUID()));
    await settle();
    expect(victimDevice.received()).toEqual([]);

    // The listener works: a real command from the owner's organization arrives.
    const sent = await owner.iot.post(`/gateways/${victim.id}/commands`, { name: 'reboot', value: 1 });
    expect(sent.statusCode).toBe(201);
    await waitFor(() => victimDevice.received().length > 0);
    expect(victimDevice.received().map((line) => JSON.parse(line).name)).toEqual(['reboot']);
  });

  it('lets no message cross between gateways whose topics overlapped before the check, whichever came first', async () => {
    // The squatter came later: it is blocked, its publishes on its own (overlapping) topic go nowhere.
    const base = `plant-${randomUUID().slice(0, 8)}/line1`;
    const victim = await apiGateway(owner.iot, owner.projectId, 'Press A', base);
    const late = await legacyGateway(platform, squatter, `${base}/commands`, new Date(Date.now() + 1_000));
    const victimDevice = await listen(victim);
    expect(victimDevice.granted).toBe(true);
    await publish(late, late.topic, forged(randomUUID()));
    await settle();
    expect(victimDevice.received()).toEqual([]);
    const lines = await logLines(platform, late.id);
    expect(lines.some((line) => /This topic is not available/.test(line.message))).toBe(true);

    // The squatter came first: the later gateway is the blocked one, and may not even listen.
    const early = `plant-${randomUUID().slice(0, 8)}/line1`;
    const first = await legacyGateway(platform, squatter, `${early}/commands`, new Date(Date.now() - 60_000));
    const second = await legacyGateway(platform, owner, early, new Date());
    const secondDevice = await listen(second);
    expect(secondDevice.granted).toBe(false);
    await publish(first, first.topic, forged(randomUUID()));
    await settle();
    expect(secondDevice.received()).toEqual([]);
  });
});
