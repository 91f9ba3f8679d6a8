/**
 * Gateway credentials on an external Mosquitto (MQTT_URL + MQTT_DYNSEC_*): a private broker with the
 * dynamic-security plugin, the real app writing gateways through its API, devices connecting as they
 * would. Never the machine's own broker on 1883.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { addProject, createEntity, createType, entityManagerClient } from '../../entityManager/testSupport';
import { createGateway, demoAdmin, gatewayBody, type IotClient } from '../testSupport';
import { type DeviceTransports, startDeviceTransports } from './deviceTransports';
import { type PrivateMosquitto, startPrivateMosquitto } from './privateMosquitto';
import { gatewayFixture, logLines, storedPoints } from './testSupport';
import type { BrokerClient, BrokerRole } from './transports/mqtt/brokerAccounts';
import { BROKER_RECONCILE_JOB, BrokerCredentials } from './transports/mqtt/brokerCredentials';
import { DynsecAdmin, type DynsecCommand } from './transports/mqtt/dynsecAdmin';

interface TestGateway {
  id: string;
  topic: string;
  clientId: string;
  username: string;
  token: string;
  sensorId: string;
}

const INGEST = { username: 'ferrite-ingest', password: randomBytes(12).toString('hex') };
let broker: PrivateMosquitto;
let brokerUrl: string;
let inspector: DynsecAdmin;
let platform: TestPlatform;
let transports: DeviceTransports;
let iot: IotClient;
let projectId: string;
let orgId: string;
let adminToken: string;
let makeSensor: (name: string) => Promise<string>;
const devices: MqttClient[] = [];

beforeAll(async () => {
  broker = await startPrivateMosquitto();
  brokerUrl = `mqtt://${broker.host}:${broker.port}`;
  inspector = await DynsecAdmin.connect({
    url: brokerUrl,
    ...broker.admin,
    clientIdPrefix: 'test-inspector',
  });
  // Ferrite's subscriber account is the operator's to make; Ferrite manages only its gateways' accounts.
  await expectApplied([
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
  platform = await createTestPlatform({
    MQTT_URL: `mqtt://${INGEST.username}:${INGEST.password}@${broker.host}:${broker.port}`,
    MQTT_DYNSEC_USERNAME: broker.admin.username,
    MQTT_DYNSEC_PASSWORD: broker.admin.password,
    NODE_ID: `credentials-${randomBytes(4).toString('hex')}`,
    COAP_PORT: '0',
    HOST: '127.0.0.1',
  });
  transports = await startDeviceTransports(platform.deps);
  const admin = await demoAdmin(platform);
  iot = admin.iot;
  orgId = admin.orgId;
  adminToken = admin.token;
  const em = entityManagerClient(platform, admin.orgId, admin.token);
  projectId = await addProject(platform, admin.orgId, 'Broker credentials');
  const typeId = await createType(em, 'sensor', {
    name: 'Broker probe',
    parameters: [{ key: 'temperature', data_type: 'number', unit: '°C' }],
  });
  makeSensor = (name) => createEntity(em, projectId, 'sensor', { name, type_id: typeId });
}, 60_000);

afterAll(async () => {
  for (const device of devices) device.end(true);
  await transports?.close();
  await platform?.close();
  await inspector?.close();
  await broker?.stop();
});

async function expectApplied(commands: DynsecCommand[]): Promise<void> {
  const answers = await inspector.execute(commands);
  expect(answers.filter((answer) => answer.error)).toEqual([]);
}

async function brokerClient(username: string): Promise<BrokerClient | null> {
  const [answer] = await inspector.execute([{ command: 'getClient', username }]);
  return answer && !answer.error ? (answer.data as { client: BrokerClient }).client : null;
}

async function brokerRole(rolename: string): Promise<BrokerRole | null> {
  const [answer] = await inspector.execute([{ command: 'getRole', rolename }]);
  return answer && !answer.error ? (answer.data as { role: BrokerRole }).role : null;
}

/** A gateway made through the API whose `temp` feeds a sensor of its own. */
async function newGateway(name: string, extra: Record<string, unknown> = {}): Promise<TestGateway> {
  const sensorId = await makeSensor(`${name} probe`);
  const { gateway, access_token } = await createGateway(iot, projectId, gatewayBody(name, extra));
  const mapped = await iot.post(`/gateways/${gateway.id}/mappings`, {
    json_path: 'temp',
    sensor_id: sensorId,
    param_key: 'temperature',
  });
  expect(mapped.statusCode).toBe(201);
  return {
    id: gateway.id,
    topic: gateway.topic as string,
    clientId: gateway.client_id as string,
    username: gateway.username as string,
    token: access_token,
    sensorId,
  };
}

async function rotate(gateway: TestGateway): Promise<void> {
  const response = await iot.post(`/gateways/${gateway.id}/access_token`);
  expect(response.statusCode).toBe(200);
  gateway.token = (response.json() as { access_token: string }).access_token;
}

/** Connects as a device (MQTT 5); rejects with the broker's reason when the CONNECT is refused. */
function connect(gateway: TestGateway, override: Partial<TestGateway> = {}): Promise<MqttClient> {
  const as = { ...gateway, ...override };
  const device = mqtt.connect(brokerUrl, {
    protocolVersion: 5,
    clientId: as.clientId,
    username: as.username,
    password: as.token,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
  });
  devices.push(device);
  return new Promise((resolve, reject) => {
    device.once('connect', () => resolve(device));
    device.once('error', reject);
  });
}

const NOT_AUTHORIZED = /Not authorized/i;

async function publishReading(device: MqttClient, topic: string, temp: number): Promise<void> {
  await device.publishAsync(topic, JSON.stringify({ temp }), { qos: 1 });
}

/** Waits until the sensor holds these values (the subscriber stores what the broker forwards). */
async function expectStored(gateway: TestGateway, values: number[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  let stored: number[] = [];
  while (Date.now() < deadline) {
    stored = (await storedPoints(platform, gateway.sensorId, 'temperature')).map((point) => point.value);
    if (values.every((value) => stored.includes(value))) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(stored).toEqual(expect.arrayContaining(values));
}

async function storedValues(gateway: TestGateway): Promise<number[]> {
  return (await storedPoints(platform, gateway.sensorId, 'temperature')).map((point) => point.value);
}

function closed(device: MqttClient): Promise<void> {
  return new Promise((resolve) => device.once('close', () => resolve()));
}

describe('gateway credentials on an external Mosquitto (dynamic security)', () => {
  it('lets a new gateway connect with its client id, user name and token, and stores its telemetry', async () => {
    const gateway = await newGateway('Press 1');
    const device = await connect(gateway);
    await publishReading(device, gateway.topic, 21.5);
    await expectStored(gateway, [21.5]);
    // Its heartbeat topic is open, and it may listen to its commands.
    await device.publishAsync(`${gateway.topic}/heartbeat`, '', { qos: 1 });
    const [granted] = await device.subscribeAsync(`${gateway.topic}/commands`, { qos: 1 });
    expect(granted?.qos).toBe(1);
    const account = await brokerClient(gateway.username);
    expect(account).toMatchObject({ clientid: gateway.clientId, textname: `ferrite-gateway:${gateway.id}` });
  });

  it('refuses a wrong token and a foreign client id at CONNACK', async () => {
    const gateway = await newGateway('Press 2');
    await expect(connect(gateway, { token: 'fgw_wrong' })).rejects.toThrow(NOT_AUTHORIZED);
    await expect(connect(gateway, { clientId: 'gw-someone-else' })).rejects.toThrow(NOT_AUTHORIZED);
  });

  it("refuses a publish on another gateway's topic and a subscription to its commands; nothing is stored", async () => {
    const [mine, theirs] = [await newGateway('Press 3'), await newGateway('Press 4')];
    const device = await connect(mine);
    await expect(publishReading(device, theirs.topic, 66)).rejects.toThrow(NOT_AUTHORIZED);
    await expect(publishReading(device, 'ferrite/anything', 66)).rejects.toThrow(NOT_AUTHORIZED);
    await expect(device.subscribeAsync(`${theirs.topic}/commands`, { qos: 1 })).rejects.toThrow(
      NOT_AUTHORIZED,
    );
    await publishReading(device, mine.topic, 7);
    await expectStored(mine, [7]);
    expect(await storedValues(theirs)).toEqual([]);
  });

  it('a new token ends the connection made with the old one, refuses the old one and takes the new one', async () => {
    const gateway = await newGateway('Press 5');
    const device = await connect(gateway);
    const ended = closed(device);
    const oldToken = gateway.token;
    await rotate(gateway);
    await ended;
    await expect(connect(gateway, { token: oldToken })).rejects.toThrow(NOT_AUTHORIZED);
    const again = await connect(gateway);
    await publishReading(again, gateway.topic, 5.5);
    await expectStored(gateway, [5.5]);
  });

  it('follows a new topic and client id at once, and a new user name once a new token is issued', async () => {
    const gateway = await newGateway('Press 6');
    const moved = {
      topic: `plant/moved-${randomUUID().slice(0, 8)}`,
      client_id: `moved-${randomUUID().slice(0, 8)}`,
    };
    const edited = await iot.put(
      `/gateways/${gateway.id}`,
      gatewayBody('Press 6', { ...moved, username: gateway.username }),
    );
    expect(edited.statusCode).toBe(200);
    await expect(connect(gateway)).rejects.toThrow(NOT_AUTHORIZED);
    const previousTopic = gateway.topic;
    Object.assign(gateway, { topic: moved.topic, clientId: moved.client_id });
    const device = await connect(gateway);
    await expect(publishReading(device, previousTopic, 1)).rejects.toThrow(NOT_AUTHORIZED);
    await publishReading(device, gateway.topic, 6.5);
    await expectStored(gateway, [6.5]);

    // Dynamic security keys accounts by user name and the token is stored hashed: the renamed
    // account waits for a new token, and says so in the gateway's log.
    const previousUsername = gateway.username;
    const renamed = await iot.put(
      `/gateways/${gateway.id}`,
      gatewayBody('Press 6', { ...moved, username: `renamed-${randomUUID().slice(0, 8)}` }),
    );
    expect(renamed.statusCode).toBe(200);
    gateway.username = (renamed.json() as { username: string }).username;
    expect(await brokerClient(previousUsername)).toBeNull();
    await expect(connect(gateway)).rejects.toThrow(NOT_AUTHORIZED);
    const lines = await logLines(platform, gateway.id);
    expect(lines.some((line) => line.level === 'warn' && /issue a new access token/.test(line.message))).toBe(
      true,
    );
    await rotate(gateway);
    const renamedDevice = await connect(gateway);
    await publishReading(renamedDevice, gateway.topic, 6.75);
    await expectStored(gateway, [6.75]);
  });

  it('archiving locks the gateway out until it is unarchived; deleting removes its account and role', async () => {
    const gateway = await newGateway('Press 7');
    const device = await connect(gateway);
    const ended = closed(device);
    expect((await iot.post(`/gateways/${gateway.id}/archive`)).statusCode).toBe(200);
    await ended;
    await expect(connect(gateway)).rejects.toThrow(NOT_AUTHORIZED);
    expect((await iot.post(`/gateways/${gateway.id}/unarchive`)).statusCode).toBe(200);
    const back = await connect(gateway);
    await publishReading(back, gateway.topic, 7.5);
    await expectStored(gateway, [7.5]);

    expect((await iot.delete(`/gateways/${gateway.id}`)).statusCode).toBe(204);
    await expect(connect(gateway)).rejects.toThrow(NOT_AUTHORIZED);
    expect(await brokerClient(gateway.username)).toBeNull();
    expect(await brokerRole(`ferrite-gateway-${gateway.id}`)).toBeNull();
  });

  it("deleting a gateway's project removes its account and role at once, and ends its connection", async () => {
    const doomedProject = await addProject(platform, orgId, 'Line to dismantle');
    const { gateway, access_token } = await createGateway(iot, doomedProject, gatewayBody('Press 9'));
    const doomed = {
      id: gateway.id,
      topic: gateway.topic as string,
      clientId: gateway.client_id as string,
      username: gateway.username as string,
      token: access_token,
      sensorId: '',
    };
    const device = await connect(doomed);
    const ended = closed(device);
    expect(await brokerClient(doomed.username)).not.toBeNull();

    const deleted = await platform.app.inject({
      method: 'DELETE',
      url: `/api/role_mgmt/orgs/${orgId}/projects/${doomedProject}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(deleted.statusCode).toBe(204);
    // Not at the next reconcile, minutes away: by the time the deletion answered.
    expect(await brokerClient(doomed.username)).toBeNull();
    expect(await brokerRole(`ferrite-gateway-${doomed.id}`)).toBeNull();
    await ended;
    await expect(connect(doomed)).rejects.toThrow(NOT_AUTHORIZED);
  });

  it('never takes over a broker account that is not its own', async () => {
    const adminBefore = await brokerClient(broker.admin.username);
    const squatter = await newGateway('Press 8', { username: broker.admin.username });
    await rotate(squatter);
    await expect(connect(squatter)).rejects.toThrow(NOT_AUTHORIZED);
    const lines = await logLines(platform, squatter.id);
    expect(
      lines.some((line) => line.level === 'error' && /choose another user name/.test(line.message)),
    ).toBe(true);
    expect(await brokerClient(broker.admin.username)).toEqual(adminBefore);
    // The admin and the subscriber accounts still work as before.
    const stillAdmin = await DynsecAdmin.connect({
      url: brokerUrl,
      ...broker.admin,
      clientIdPrefix: 'test-check',
    });
    await stillAdmin.close();
    const gateway = await newGateway('Press 9');
    await publishReading(await connect(gateway), gateway.topic, 9.5);
    await expectStored(gateway, [9.5]);
  });

  it('stops start-up when the broker refuses the dynamic-security admin login', async () => {
    const wrong = { url: brokerUrl, username: broker.admin.username, password: 'not-the-password' };
    await expect(DynsecAdmin.connect(wrong)).rejects.toThrow(/refused the dynamic-security admin login/);
  });

  it('logs a failed update without its secrets and hands the token over on the next try', async () => {
    // A gateway written straight to the database, synced by a BrokerCredentials whose broker is away once.
    const fixture = await gatewayFixture(platform);
    const gateway: TestGateway = { ...fixture, id: fixture.gatewayId };
    const written: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => written.push(line) });
    let away = true;
    const admin = {
      execute: (commands: DynsecCommand[], timeoutMs?: number) => {
        if (!away) return inspector.execute(commands, timeoutMs);
        away = false;
        return Promise.reject(new Error('The dynamic-security plugin did not answer within 5000 ms'));
      },
    };
    const credentials = new BrokerCredentials({
      admin,
      db: platform.deps.db,
      ingest: platform.deps.ingest,
      log,
    });
    await credentials.gatewayChanged(gateway.id, gateway.token);
    expect(await brokerClient(gateway.username)).toBeNull();
    expect(written.join('\n')).toMatch(/could not update a gateway's credentials/);
    expect(written.join('\n')).not.toContain(gateway.token);
    await credentials.retryFailed();
    const device = await connect(gateway);
    await publishReading(device, gateway.topic, 12.5);
    await expectStored(gateway, [12.5]);
  });

  it('on start, reconciles: restores accounts and roles changed behind its back, removes what is gone, locks a token it missed', async () => {
    const removed = await newGateway('Press 10');
    const tampered = await newGateway('Press 11');
    const missed = await newGateway('Press 12');
    const ghost = randomUUID();
    await expectApplied([
      { command: 'deleteClient', username: removed.username },
      {
        command: 'modifyRole',
        rolename: `ferrite-gateway-${tampered.id}`,
        acls: [{ acltype: 'publishClientSend', topic: '#', allow: true }],
      },
      { command: 'createRole', rolename: `ferrite-gateway-${ghost}` },
      {
        command: 'createClient',
        username: 'ghost-device',
        password: 'ghost',
        textname: `ferrite-gateway:${ghost}`,
      },
      { command: 'createClient', username: 'bystander', password: 'bystander', textname: 'someone else' },
    ]);
    // A rotation the broker never heard of (its sync was lost with the process that made it).
    await platform.deps.db
      .updateTable('gateways')
      .set({ token_hash: 'f'.repeat(64) })
      .where('id', '=', missed.id)
      .returning('id')
      .execute();
    // Edits older than the settling window: this node's reconcile is the one to act on them.
    await platform.deps.db
      .updateTable('gateways')
      .set({ updated_at: new Date(Date.now() - 3_600_000) })
      .returning('id')
      .execute();

    await transports.close();
    transports = await startDeviceTransports(platform.deps);

    // Re-created, but the token exists only as a hash: locked until a new token is issued.
    expect(await brokerClient(removed.username)).toMatchObject({
      clientid: removed.clientId,
      textname: `ferrite-gateway:${removed.id}`,
      textdescription: 'token:none',
      disabled: true,
      roles: [{ rolename: `ferrite-gateway-${removed.id}` }],
    });
    await expect(connect(removed)).rejects.toThrow(NOT_AUTHORIZED);
    const lines = await logLines(platform, removed.id);
    expect(lines.some((line) => /issue a new access token/.test(line.message))).toBe(true);
    await rotate(removed);
    await publishReading(await connect(removed), removed.topic, 10.5);
    await expectStored(removed, [10.5]);

    const device = await connect(tampered);
    await expect(publishReading(device, 'anywhere/else', 1)).rejects.toThrow(NOT_AUTHORIZED);
    await publishReading(device, tampered.topic, 11.5);
    await expectStored(tampered, [11.5]);

    await expect(connect(missed)).rejects.toThrow(NOT_AUTHORIZED);
    expect(await brokerClient('ghost-device')).toBeNull();
    expect(await brokerRole(`ferrite-gateway-${ghost}`)).toBeNull();
    expect(await brokerClient('bystander')).toMatchObject({ textname: 'someone else' });
  });

  it('reconciles every 10 minutes as a job, run by one node of the cluster per tick', async () => {
    const { rows } = await sql<{
      cron: string;
    }>`select cron from pgboss.schedule where name = ${BROKER_RECONCILE_JOB}`.execute(platform.deps.db);
    expect(rows).toEqual([{ cron: '*/10 * * * *' }]);
    const removed = await newGateway('Press 13');
    await platform.deps.db
      .updateTable('gateways')
      .set({ updated_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', removed.id)
      .returning('id')
      .execute();
    await expectApplied([{ command: 'deleteClient', username: removed.username }]);

    // A tick, as the schedule sends it: the account is back (locked: its token exists only as a hash).
    await platform.deps.jobs.send(BROKER_RECONCILE_JOB, {});
    const deadline = Date.now() + 15_000;
    while (!(await brokerClient(removed.username)) && Date.now() < deadline) {
      await new Promise((next) => setTimeout(next, 200));
    }
    expect(await brokerClient(removed.username)).toMatchObject({ textname: `ferrite-gateway:${removed.id}` });
  });
});
