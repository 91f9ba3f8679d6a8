/**
 * Test support: a gateway's device played by Debian's mosquitto_sub and mosquitto_pub, for tests of
 * what one device's traffic can reach of another's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { hashOpaqueToken } from '../../../platform/security/opaqueTokens';
import type { TestPlatform } from '../../../testing/testPlatform';
import { createGateway, gatewayBody, type IotClient } from '../testSupport';
import { requireClient, runClient } from './realClients';

/** What a device connects with. */
export interface MqttDevice {
  id: string;
  topic: string;
  clientId: string;
  username: string;
  token: string;
}

/** A broker to connect to, and the MQTT version the clients speak. */
export interface MqttEndpoint {
  host: string;
  port: number;
  version?: 'mqttv311' | 'mqttv5';
}

/** A mosquitto_sub on a device's command topic. */
export interface CommandListener {
  /** Whether the broker granted the subscription (SUBACK). */
  granted: boolean;
  /** The JSON messages received so far. */
  received(): string[];
  stop(): void;
}

function login(endpoint: MqttEndpoint, device: MqttDevice): string[] {
  return [
    ...['-h', endpoint.host, '-p', String(endpoint.port), '-V', endpoint.version ?? 'mqttv311'],
    ...['-i', device.clientId, '-u', device.username, '-P', device.token],
  ];
}

/** Starts mosquitto_sub as the device on `{topic}/commands`; resolves once the broker answered SUBSCRIBE. */
export function listenForCommands(endpoint: MqttEndpoint, device: MqttDevice): Promise<CommandListener> {
  requireClient('mosquitto_sub');
  const args = [...login(endpoint, device), '-t', `${device.topic}/commands`, '-q', '1', '-d'];
  // Line-buffered (coreutils stdbuf): piped, mosquitto_sub would hold its lines until it exits.
  const child: ChildProcess = spawn('stdbuf', ['-oL', 'mosquitto_sub', ...args]);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mosquitto_sub got no SUBACK on ${device.topic}/commands: ${output}`));
    }, 10_000);
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      // mosquitto_sub -d prints the QoS (or reason code) granted; 128 and above are refusals.
      const suback = /Subscribed \(mid: \d+\): (\d+)/.exec(output);
      if (!suback) return;
      clearTimeout(timer);
      resolve({
        granted: Number(suback[1]) < 128,
        received: () => output.split('\n').filter((line) => line.startsWith('{')),
        stop: () => child.kill('SIGKILL'),
      });
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
  });
}

/** mosquitto_pub as the device, one QoS 1 message; answers its output (a refusal shows there). */
export async function publishAsDevice(
  endpoint: MqttEndpoint,
  device: MqttDevice,
  topic: string,
  message: string,
): Promise<string> {
  const run = await runClient(
    'mosquitto_pub',
    [...login(endpoint, device), '-t', topic, '-m', message, '-q', '1'],
    10_000,
  );
  return `${run.stdout}${run.stderr}`;
}

/** A command as a forger would write it. */
export function forgedCommand(id: string): string {
  return JSON.stringify({ id, name: 'open_valve', value: 100, expires_at: '2099-01-01T00:00:00.000Z' });
}

/** Waits until `ready()` holds or `ms` passed (what a message over loopback needs to arrive). */
export async function waitFor(ready: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** An MQTT gateway on `topic` made through the API, as its device connects. */
export async function apiGateway(
  iot: IotClient,
  projectId: string,
  name: string,
  topic: string,
): Promise<MqttDevice> {
  const { gateway, access_token } = await createGateway(iot, projectId, gatewayBody(name, { topic }));
  return {
    id: gateway.id,
    topic: gateway.topic as string,
    clientId: gateway.client_id as string,
    username: gateway.username as string,
    token: access_token,
  };
}

/** A gateway row as a release without topic checks could have written it, made at `createdAt`. */
export async function legacyGateway(
  platform: TestPlatform,
  owner: { orgId: string; projectId: string },
  topic: string,
  createdAt: Date,
): Promise<MqttDevice> {
  const id = randomUUID();
  const name = `legacy-${id.slice(0, 8)}`;
  const device = { id, topic, clientId: name, username: name, token: `fgw_${id}` };
  await platform.deps.db
    .insertInto('gateways')
    .values({
      id,
      org_id: owner.orgId,
      project_id: owner.projectId,
      name: 'Legacy',
      type: 'MQTT',
      protocol: 'MQTT',
      topic,
      client_id: device.clientId,
      username: device.username,
      token_hash: hashOpaqueToken(device.token),
      token_hint: device.token.slice(-4),
      created_at: createdAt,
    })
    .execute();
  return device;
}
