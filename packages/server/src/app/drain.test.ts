/**
 * SIGTERM as a balancer sees it, on a real server process: /api/ready answers 503 at once while the
 * node still serves, new connections are then refused, and a request already in flight is answered
 * before the process exits 0. A drain that cannot finish (a request that never ends) is cut at
 * DRAIN_TIMEOUT_MS, the process saying so and exiting all the same.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../seed/demo';
import { type ServerNode, startServerNode } from '../testing/serverNode';
import { createServerDatabase } from '../testing/testDatabase';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts `npm start`'s entry point on a database of its own; resolves once it is ready. */
async function startServer(options: { seed: boolean; env: Record<string, string> }): Promise<ServerNode> {
  const database = process.env.TEST_DATABASE_URL
    ? await createServerDatabase(process.env.TEST_DATABASE_URL)
    : null;
  const server = await startServerNode({
    name: 'drain',
    databaseUrl: database?.url,
    secret: randomBytes(32).toString('hex'),
    seed: options.seed,
    keepOutput: Number.POSITIVE_INFINITY,
    env: options.env,
  }).catch(async (error: unknown) => {
    await database?.drop();
    throw error;
  });
  cleanups.push(async () => {
    await server.stop('SIGKILL');
    await database?.drop();
  });
  return server;
}

/**
 * A sign-in whose body is only half sent: in flight until `finish` sends the rest; `answer` is the
 * response then.
 */
async function halfSentSignIn(url: string) {
  const body = JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
  const request = httpRequest(`${url}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string; connection: string | undefined }>(
    (done, fail) => {
      request.once('response', (response: IncomingMessage) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.once('end', () =>
          done({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection }),
        );
      });
      request.once('error', fail);
    },
  );
  // Nothing is answered before the whole body is there; the request is sent once its headers are.
  await new Promise<void>((sent) => request.write(body.slice(0, 10), () => sent()));
  return {
    answer,
    finish: () => request.end(body.slice(10)),
    abandon: () => request.destroy(),
  };
}

/**
 * Resolves once the server has logged that the half-sent request came in (Fastify's JSON request line):
 * a connection whose request is not yet read counts as idle, and a closing server drops idle ones.
 */
function requestArrived(server: ServerNode): Promise<void> {
  return new Promise((done) => {
    const look = () => {
      const lines = server.output().split('\n');
      const line = (text: string) =>
        text.includes('"url":"/api/sign-in"') && text.includes('incoming request');
      if (!lines.some(line)) return;
      server.child.stdout?.off('data', look);
      done();
    };
    server.child.stdout?.on('data', look);
    look();
  });
}

/** GET /api/ready's status, or 'refused' once the node takes no new connection. */
async function readiness(url: string): Promise<number | 'refused'> {
  try {
    const response = await fetch(`${url}/api/ready`);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'refused';
  }
}

/** Asks until `done` says yes (each answer is an event of the server's own pace; no fixed sleeps). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T[]> {
  const seen: T[] = [];
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (seen.at(-1) !== value) seen.push(value);
    if (done(value) || Date.now() > deadline) return seen;
    await new Promise((next) => setTimeout(next, 50));
  }
}

describe('SIGTERM', () => {
  it('answers not ready at once, stops taking connections, finishes the request in flight, then exits 0', async () => {
    const server = await startServer({
      seed: true,
      env: { DRAIN_NOTICE_MS: '1500', DRAIN_TIMEOUT_MS: '20000' },
    });
    expect(await readiness(server.url)).toBe(200);
    const signIn = await halfSentSignIn(server.url);
    await requestArrived(server);

    const signalled = Date.now();
    const at = () => `${Date.now() - signalled} ms`;
    server.child.kill('SIGTERM');
    // Ready goes false first while the node still answers (the balancer's notice), then it lets go.
    const states = await until(
      () => readiness(server.url),
      (state) => state === 'refused',
      10_000,
    );
    // (A first 200 is the signal still on its way.)
    expect(states.filter((state) => state !== 200)).toEqual([503, 'refused']);
    const draining = await fetch(`${server.url}/api/ready`).catch(() => null);
    expect(draining).toBeNull();
    const refusedAt = at();

    // The request that was in flight all along is answered.
    signIn.finish();
    const answer = await signIn.answer;
    const answeredAt = at();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('auth_token');
    // Its connection is not kept alive: the server need not wait out a keep-alive timeout to close.
    expect(answer.connection).toBe('close');
    expect(await server.exited).toBe(0);
    console.log(
      `drain after SIGTERM (DRAIN_NOTICE_MS 1500): new connections refused at ${refusedAt}, the request in flight answered at ${answeredAt}, exit 0 at ${at()}`,
    );
    const log = server.output();
    expect(log.indexOf('draining: /api/ready answers 503')).toBeGreaterThan(log.indexOf('shutting down'));
    expect(log).not.toContain('exiting anyway');
  }, 90_000);

  it('exits at DRAIN_TIMEOUT_MS when a request never finishes, saying so', async () => {
    const server = await startServer({ seed: false, env: { DRAIN_TIMEOUT_MS: '1500' } });
    const stuck = await halfSentSignIn(server.url);
    void stuck.answer.catch(() => undefined);
    await requestArrived(server);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    expect({ code, log: server.output().slice(-2000) }).toMatchObject({ code: 1 });
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(1_500);
    expect(took).toBeLessThan(5_000);
    expect(server.output()).toContain(
      'drain did not finish within 1500 ms (DRAIN_TIMEOUT_MS); exiting anyway',
    );
    stuck.abandon();
  }, 90_000);
});
