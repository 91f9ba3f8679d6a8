/**
 * The cluster test (`npm run test:cluster`): the topology of deploy/compose.yaml from processes on this
 * machine (PostgreSQL, Mosquitto, Redis, HAProxy, three Ferrite nodes started at once on an empty
 * database with the demo), walked the way its users meet it: sign-in through the balancer, a live
 * socket through it, MQTT devices publishing through a rolling restart and a crash of the nodes,
 * firmware uploaded on one node and downloaded through another, a rotated token and a signed-out
 * session refused everywhere. Prints the counts the issue note quotes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SOCKET_EVENTS, SOCKET_PATH } from '@ferrite/contracts';
import {
  type FerriteApi,
  parameterProfiles,
  provisionFleet,
  runFleet,
  type SimulatedGateway,
  type SimulatorProtocol,
  signIn,
} from '@ferrite/simulator';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../packages/server/src/seed/demo';
import { type Cluster, startCluster } from './topology';

let cluster: Cluster;
let api: FerriteApi;
let orgId: string;
const report: string[] = [];
const started = Date.now();
const mark = (what: string) => report.push(`${((Date.now() - started) / 1000).toFixed(1)} s  ${what}`);

beforeAll(async () => {
  cluster = await startCluster({ nodes: 3, balancer: true, seedDemo: true, together: true });
  mark('three nodes started at once on an empty database, all ready');
  const session = await signIn(cluster.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  api = session.api;
  orgId = session.orgId;
}, 180_000);

afterAll(async () => {
  await cluster?.close();
  console.log(`cluster test:\n  ${report.join('\n  ')}`);
}, 120_000);

/** Polls until `done` holds (or the time is up) and answers the last value read. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** New simulated gateways through the balancer, each with a sensor of its own mapped to its readings. */
function newFleet(gateways: number, protocol: SimulatorProtocol, params: number) {
  return provisionFleet({
    url: cluster.url,
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
    gateways,
    protocol,
    params,
  });
}

async function newHttpGateway(): Promise<SimulatedGateway> {
  const [gateway] = (await newFleet(1, 'http', 1)).gateways;
  if (!gateway?.sensor_id) throw new Error('the simulator made no gateway with a sensor');
  return gateway;
}

async function status(url: string, init?: RequestInit): Promise<number> {
  return (await fetch(url, init)).status;
}

describe('a cluster of three nodes behind HAProxy', () => {
  it('seeded the demo once although every node started on the empty database at once', async () => {
    const { rows } = await cluster.sql.query<{ n: number }>(
      'select count(*)::int as n from users where email = $1',
      [DEMO_ADMIN.email],
    );
    expect(rows[0]?.n).toBe(1);
    const organizations = await cluster.sql.query<{ n: number }>('select count(*)::int as n from orgs');
    expect(organizations.rows[0]?.n).toBe(1);
  });

  it('serves a session signed in through the balancer on every node', async () => {
    for (const node of cluster.nodes) {
      const answer = await fetch(`${node.url}/api/entity_mgmt/orgs/${orgId}/projects?page_size=1`, {
        headers: { authorization: `Bearer ${api.accessToken}` },
      });
      expect(answer.status, node.name).toBe(200);
    }
  });

  it('connects the live socket through a round-robin balancer every time, and streams values ingested on any node', async () => {
    const gateway = await newHttpGateway();
    const sensorId = gateway.sensor_id as string;
    const sockets: Socket[] = [];
    try {
      for (let attempt = 0; attempt < 10; attempt++) {
        const { token } = await api.post<{ token: string }>(`/dash_mgmt/orgs/${orgId}/fetch_token`, {});
        // As the web app connects (packages/web/src/app/socket.ts): WebSocket first.
        const socket = io(cluster.url, {
          path: SOCKET_PATH,
          auth: { token },
          transports: ['websocket', 'polling'],
          reconnection: false,
        });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
      }
      mark('10 of 10 sockets connected through the balancer');
      const values: unknown[] = [];
      for (const socket of sockets) {
        const ack = await new Promise<{ ok: boolean }>((resolve) =>
          socket.emit(SOCKET_EVENTS.subscribe, { kind: 'sensor', orgId, sensorId }, resolve),
        );
        expect(ack).toEqual({ ok: true });
        socket.on(SOCKET_EVENTS.sensorValues, (event: unknown) => values.push(event));
      }
      // A reading posted straight to each node reaches all ten sockets, wherever they landed.
      const param = (parameterProfiles(1)[0] as { key: string }).key;
      for (const [index, node] of cluster.nodes.entries()) {
        const before = values.length;
        const ts = Date.now() - 1000 * (index + 1);
        expect(
          await status(`${node.url}/api/ingest/${gateway.uuid}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${gateway.access_token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ ts, [param]: 20 + index }),
          }),
        ).toBeLessThan(300);
        const seen = await until(
          async () => values.length - before,
          (count) => count >= sockets.length,
          10_000,
        );
        expect(seen, `values ingested on ${node.name}`).toBeGreaterThanOrEqual(sockets.length);
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  }, 60_000);

  it('stores every reading the broker acknowledged exactly once through a rolling restart and a crash', async () => {
    const fleet = await newFleet(6, 'mqtt', 2);
    const sensorIds = fleet.gateways.map((gateway) => gateway.sensor_id);
    const running = await runFleet({
      gateways: fleet.gateways,
      protocol: 'mqtt',
      url: cluster.url,
      mqttUrl: cluster.broker.url,
      rate: 20,
      params: 2,
    });
    mark('6 MQTT gateways publishing 20 readings a second each (QoS 1) through the broker');
    for (const node of cluster.nodes) {
      const exit = await node.stop();
      mark(`${node.name} stopped by SIGTERM in ${exit.ms} ms (exit code ${exit.code})`);
      expect(exit.code, `${node.name} drained and exited by itself`).toBe(0);
      await node.start();
      mark(`${node.name} started again and ready`);
    }
    const crashed = cluster.nodes[1] as (typeof cluster.nodes)[number];
    await crashed.kill();
    mark(`${crashed.name} killed (SIGKILL); devices go on publishing for 8 s`);
    await new Promise((r) => setTimeout(r, 8_000));
    await crashed.start();
    mark(`${crashed.name} started again and ready`);
    const sent = await running.stop();
    const storedPoints = async () =>
      (
        await cluster.sql.query<{ n: number }>(
          'select count(*)::int as n from telemetry where sensor_id = any($1::uuid[])',
          [sensorIds],
        )
      ).rows[0]?.n ?? 0;
    const stored = await until(storedPoints, (n) => n >= sent.points, 60_000);
    mark(
      `MQTT: ${sent.readings} readings (${sent.points} points) acknowledged by the broker, ${sent.dropped} not sent (devices backed up), ${sent.errors} errors; ${stored} points stored: ${sent.points - Math.min(stored, sent.points)} lost, ${Math.max(0, stored - sent.points)} more than sent`,
    );
    expect(sent.errors).toBe(0);
    expect(sent.dropped).toBe(0);
    expect(stored).toBe(sent.points);
  }, 300_000);

  it('downloads firmware uploaded through one node from another, by the link a gateway polled on a third', async () => {
    const [first, second, third] = cluster.nodes as [(typeof cluster.nodes)[number], ...typeof cluster.nodes];
    const gateway = await newHttpGateway();
    const image = randomBytes(3 * 1024 * 1024 + 17);
    const auth = { authorization: `Bearer ${api.accessToken}` };
    const uploaded = await fetch(
      `${first.url}/api/iot_mgmt/orgs/${orgId}/firmware?name=Edge%20OS&version=9.${Date.now()}&filename=edge.bin`,
      { method: 'POST', headers: { ...auth, 'content-type': 'application/octet-stream' }, body: image },
    );
    expect(uploaded.status).toBe(201);
    const firmware = (await uploaded.json()) as { id: string; sha256: string };
    expect(firmware.sha256).toBe(createHash('sha256').update(image).digest('hex'));
    const rollout = await fetch(
      `${second?.url}/api/iot_mgmt/orgs/${orgId}/firmware/${firmware.id}/rollouts`,
      {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ gateway_ids: [gateway.uuid] }),
      },
    );
    expect(rollout.status).toBe(201);
    const polled = await fetch(`${third?.url}/api/ingest/${gateway.uuid}/commands`, {
      headers: { authorization: `Bearer ${gateway.access_token}` },
    });
    const { commands } = (await polled.json()) as { commands: { value: { url: string } }[] };
    const link = new URL(commands[0]?.value.url ?? '');
    expect(link.origin).toBe(cluster.url);
    for (const node of cluster.nodes) {
      const download = await fetch(`${node.url}${link.pathname}${link.search}`);
      expect(download.status, node.name).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(image), node.name).toBe(true);
    }
    mark('3 MB of firmware uploaded through node1 downloads byte for byte from every node');
  }, 60_000);

  it('refuses a rotated gateway token and a signed-out session on every other node at once', async () => {
    const [first, ...others] = cluster.nodes as [(typeof cluster.nodes)[number], ...typeof cluster.nodes];
    const gateway = await newHttpGateway();
    const heartbeat = (url: string, token: string) =>
      status(`${url}/api/ingest/${gateway.uuid}/heartbeat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
    // Every node has the old token in its cache before the rotation.
    for (const node of cluster.nodes)
      expect(await heartbeat(node.url, gateway.access_token)).toBeLessThan(300);
    const rotated = await fetch(
      `${first.url}/api/iot_mgmt/orgs/${orgId}/gateways/${gateway.uuid}/access_token`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${api.accessToken}` },
      },
    );
    const answeredAt = performance.now();
    expect(rotated.status).toBe(200);
    const fresh = ((await rotated.json()) as { access_token: string }).access_token;
    for (const node of others) {
      const refused = await until(
        () => heartbeat(node.url, gateway.access_token),
        (code) => code === 401,
        5_000,
      );
      const ms = performance.now() - answeredAt;
      mark(`old gateway token refused on ${node.name} ${ms.toFixed(0)} ms after node1 answered the rotation`);
      expect(refused).toBe(401);
      expect(ms).toBeLessThan(250);
      expect(await heartbeat(node.url, fresh)).toBeLessThan(300);
    }

    const session = await signIn(cluster.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const projects = (url: string) =>
      status(`${url}/api/entity_mgmt/orgs/${orgId}/projects?page_size=1`, {
        headers: { authorization: `Bearer ${session.api.accessToken}` },
      });
    for (const node of cluster.nodes) expect(await projects(node.url)).toBe(200);
    const signedOut = await fetch(`${first.url}/api/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: session.api.accessToken, refresh_token: session.refreshToken }),
    });
    const signedOutAt = performance.now();
    expect(signedOut.status).toBe(200);
    for (const node of others) {
      const refused = await until(
        () => projects(node.url),
        (code) => code === 401,
        5_000,
      );
      const ms = performance.now() - signedOutAt;
      mark(
        `signed-out access token refused on ${node.name} ${ms.toFixed(0)} ms after node1 answered the sign-out`,
      );
      expect(refused).toBe(401);
      expect(ms).toBeLessThan(250);
    }
  }, 60_000);
});
