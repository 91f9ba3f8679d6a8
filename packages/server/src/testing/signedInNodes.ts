/**
 * What the tests of several server processes on one PostgreSQL share: a node started and signed in as
 * the demo admin, a reading posted through a node's HTTPS ingest, and polling until a read settles.
 */
import { type FerriteApi, signIn } from '@ferrite/simulator';
import { expect } from 'vitest';
import { DEMO_ADMIN } from '../seed/demo';
import { type ServerNode, startServerNode } from './serverNode';

export interface SignedInNode {
  server: ServerNode;
  api: FerriteApi;
}

/** Starts a server process on the database (`seed`: the first one seeds the demo) and signs in on it. */
export async function startSignedInNode(options: {
  name: string;
  databaseUrl: string;
  secret: string;
  seed?: boolean;
}): Promise<SignedInNode> {
  const server = await startServerNode({ ...options, seed: options.seed ?? false });
  return { server, api: (await signIn(server.url, DEMO_ADMIN.email, DEMO_ADMIN.password)).api };
}

/** Posts one JSON reading through a node's HTTPS ingest (stamped on arrival) and expects it stored. */
export async function ingestThrough(
  node: SignedInNode,
  gateway: { id: string; token: string },
  body: object,
): Promise<void> {
  const response = await fetch(`${node.server.url}/api/ingest/${gateway.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gateway.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

/** Reads until `done` holds or `ms` pass; answers the last value read. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
