/**
 * The live socket through a round-robin balancer with no stickiness (the PostgreSQL pass only: two
 * nodes share one database): with the web app's options (WebSocket first, polling only where WebSocket
 * is refused) it connects every time; socket.io's default start by long polling, whose requests land on
 * both nodes, does not, which is why the web app does not use it. Where WebSocket is refused, the
 * web app's options fall back to long polling (which then needs a sticky balancer).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SOCKET_EVENTS, SOCKET_PATH } from '@ferrite/contracts';
import { signIn } from '@ferrite/simulator';
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DEMO_ADMIN } from '../seed/demo';
import { createServerDatabase } from '../testing/testDatabase';
import { type RunningPlatform, startPlatform } from './runtime';

const ATTEMPTS = 10;

let database: Awaited<ReturnType<typeof createServerDatabase>>;
const nodes: RunningPlatform[] = [];
const dataDirs: string[] = [];
let balancer: Server;
let url: string;
/** The same balancer sending everything to the first node, as a sticky one would for one client. */
let sticky: Server;
let stickyUrl: string;
/** A sticky balancer that refuses WebSocket (as some corporate proxies do). */
let noWebSocket: Server;
let noWebSocketUrl: string;
let token: string;
/** Requests and upgrades each node received through the balancer. */
const received = [0, 0];

/** HTTP round robin per request (as HAProxy in http mode), WebSocket upgrades piped to the node picked. */
function roundRobin(ports: number[], options: { refuseWebSocket?: boolean } = {}): Server {
  let next = 0;
  const pick = () => {
    const index = next++ % ports.length;
    received[index] = (received[index] ?? 0) + 1;
    return ports[index] as number;
  };
  const server = createServer((incoming, outgoing) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: pick(),
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  server.on('upgrade', (incoming, socket, head) => {
    if (options.refuseWebSocket) {
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\n\r\n');
      return;
    }
    const upstream = tcpConnect(pick(), '127.0.0.1', () => {
      const headers = Object.entries(incoming.headers).map(([name, value]) => `${name}: ${value}`);
      upstream.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  return server;
}

/** Whether a socket with these options connects through a balancer (and stays for a round trip). */
function connects(options: Partial<ManagerOptions & SocketOptions>, through = url): Promise<boolean> {
  const socket = io(through, {
    path: SOCKET_PATH,
    auth: { token },
    reconnection: false,
    timeout: 5_000,
    ...options,
  });
  return new Promise<boolean>((done) => {
    const finish = (connected: boolean) => {
      done(connected);
      socket.removeAllListeners();
      socket.close();
    };
    // Polling's handshake may succeed on one node and its next request fail on the other: a
    // connection counts once it has carried a message both ways.
    socket.once('connect', () =>
      socket
        .timeout(5_000)
        .emit(SOCKET_EVENTS.subscribe, { kind: 'nothing' }, (error: Error | null) => finish(!error)),
    );
    socket.once('connect_error', () => finish(false));
    socket.once('disconnect', () => finish(false));
  });
}

beforeAll(async () => {
  database = await createServerDatabase(process.env.TEST_DATABASE_URL as string);
  const secret = randomBytes(32).toString('hex');
  for (const name of ['rr-a', 'rr-b']) {
    const dataDir = await mkdtemp(join(tmpdir(), `ferrite-${name}-`));
    dataDirs.push(dataDir);
    // One after the other: the first seeds the demo both sign in to.
    nodes.push(
      await startPlatform(
        loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          PORT: '0',
          HOST: '127.0.0.1',
          MQTT_PORT: '0',
          COAP_PORT: '0',
          DATA_DIR: dataDir,
          WEB_DIST_DIR: join(dataDir, 'no-web-build'),
          DATABASE_URL: database.url,
          SEED_DEMO: '1',
          DEMO_PLANT: '0',
          NODE_ID: name,
          SECRET: secret,
        }),
      ),
    );
  }
  const ports = nodes.map((node) => (node.app.server.address() as AddressInfo).port);
  balancer = roundRobin(ports);
  sticky = roundRobin([ports[0] as number]);
  noWebSocket = roundRobin([ports[1] as number], { refuseWebSocket: true });
  for (const server of [balancer, sticky, noWebSocket]) {
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  }
  url = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;
  stickyUrl = `http://127.0.0.1:${(sticky.address() as AddressInfo).port}`;
  noWebSocketUrl = `http://127.0.0.1:${(noWebSocket.address() as AddressInfo).port}`;
  token = (await signIn(url, DEMO_ADMIN.email, DEMO_ADMIN.password)).api.accessToken as string;
}, 120_000);

afterAll(async () => {
  for (const server of [balancer, sticky, noWebSocket]) {
    server?.closeAllConnections();
    await new Promise((closed) => server?.close(closed));
  }
  for (const node of nodes) await node.stop();
  await database?.drop();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describe('the live socket through a round-robin balancer', () => {
  it(`connects ${ATTEMPTS} times of ${ATTEMPTS} with the web app's options, spread over both nodes`, async () => {
    const before = [...received];
    let connected = 0;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (await connects({ transports: ['websocket', 'polling'], tryAllTransports: true })) connected++;
    }
    expect(connected).toBe(ATTEMPTS);
    expect(received[0]).toBeGreaterThan(before[0] ?? 0);
    expect(received[1]).toBeGreaterThan(before[1] ?? 0);
  }, 60_000);

  it('fails with long polling first, which needs a sticky balancer', async () => {
    let connected = 0;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (await connects({ transports: ['polling', 'websocket'] })) connected++;
    }
    console.log(`polling first through round robin: ${connected} of ${ATTEMPTS} connected`);
    expect(connected).toBeLessThan(ATTEMPTS);
    // The same requests through the same balancer kept on one node: polling itself works.
    expect(await connects({ transports: ['polling', 'websocket'] }, stickyUrl)).toBe(true);
  }, 120_000);

  it("falls back to long polling with the web app's options where WebSocket is refused", async () => {
    expect(
      await connects({ transports: ['websocket', 'polling'], tryAllTransports: true }, noWebSocketUrl),
    ).toBe(true);
    // Without the fallback the same client gives up.
    expect(await connects({ transports: ['websocket'] }, noWebSocketUrl)).toBe(false);
  }, 60_000);
});
