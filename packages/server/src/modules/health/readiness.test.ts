/**
 * What a balancer reads from a node that runs with an external MQTT broker and Redis: /api/ready is
 * 200 with every dependency reachable, 503 naming the broker while the broker is down (liveness stays
 * 200: a restart would not bring the broker back), and 503 saying it drains once the node is stopping;
 * its /metrics count the job queue's runs and the connected browsers.
 */
import type { AddressInfo } from 'node:net';
import { SOCKET_PATH } from '@ferrite/contracts';
import { signIn } from '@ferrite/simulator';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../app/runtime';
import { DEMO_ADMIN } from '../../seed/demo';
import { type PlatformHome, platformHome } from '../../testing/platformHome';
import { type PrivateMosquitto, startPrivateMosquitto } from '../iotManager/ingest/privateMosquitto';

let home: PlatformHome;
let broker: PrivateMosquitto;
let platform: RunningPlatform | null = null;
let url: string;

interface Readiness {
  ready: boolean;
  draining: boolean;
  dependencies: Record<string, { reachable: boolean; problem?: string }>;
}

async function ready(): Promise<{ status: number; body: Readiness }> {
  const response = await fetch(`${url}/api/ready`);
  return { status: response.status, body: (await response.json()) as Readiness };
}

/** Asks again until the answer is what the test waits for (the probes follow connections by events). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((next) => setTimeout(next, 100));
  }
}

beforeAll(async () => {
  [home, broker] = await Promise.all([platformHome('ready'), startPrivateMosquitto({ anonymous: true })]);
  platform = await home.start({
    MQTT_URL: `mqtt://${broker.host}:${broker.port}`,
    REDIS_URL: 'redis://127.0.0.1:6379',
    DRAIN_NOTICE_MS: '3000',
  });
  url = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  await broker?.stop();
  await home?.remove();
});

describe('/api/ready with an external broker and Redis', () => {
  it('is ready with the database, the broker and Redis each reachable', async () => {
    const answer = await until(ready, (value) => value.status === 200);
    expect(answer).toEqual({
      status: 200,
      body: {
        ready: true,
        draining: false,
        dependencies: {
          database: { reachable: true },
          mqtt: { reachable: true },
          redis: { reachable: true },
        },
      },
    });
  });

  it('is not ready while the broker is down, naming it, while liveness stays 200', async () => {
    await broker.stop();
    const answer = await until(ready, (value) => value.status === 503);
    expect(answer.status).toBe(503);
    expect(answer.body.ready).toBe(false);
    expect(answer.body.draining).toBe(false);
    expect(answer.body.dependencies.mqtt).toEqual({ reachable: false, problem: 'not connected' });
    expect(answer.body.dependencies.database).toEqual({ reachable: true });
    expect(answer.body.dependencies.redis).toEqual({ reachable: true });

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      status: 'ok',
      database: { engine: expect.any(String), reachable: true },
    });
  });

  it("counts the job queue's runs and the connected browsers in /metrics", async () => {
    const { api } = await signIn(url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const socket = io(url, {
      path: SOCKET_PATH,
      auth: { token: api.accessToken },
      transports: ['websocket'],
    });
    await new Promise<void>((connected) => socket.once('connect', () => connected()));
    const scrape = async () => (await fetch(`${url}/metrics`)).text();
    // The gateway status sweep runs every 5 s on some node: this one is the only one.
    const ran = /^ferrite_job_runs_total\{job="iotManager.gatewayStatus",outcome="completed"\} [1-9]/m;
    const text = await until(scrape, (body) => ran.test(body));
    expect(text).toMatch(ran);
    expect(text).toMatch(/^ferrite_socket_clients 1$/m);
    socket.close();
  }, 30_000);

  it('says it drains as soon as the node is stopping', async () => {
    const stopping = (platform as RunningPlatform).stop();
    const answer = await ready();
    expect(answer.status).toBe(503);
    expect(answer.body.draining).toBe(true);
    await stopping;
    platform = null;
  }, 60_000);
});
