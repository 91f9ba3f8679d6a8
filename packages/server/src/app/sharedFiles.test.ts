/**
 * Files every node can read (PostgreSQL pass only: PGlite is one process's database): two nodes on one
 * PostgreSQL database, each with a DATA_DIR of its own and no SECRET, as a cluster's nodes are. Firmware
 * uploaded through one downloads through the other by the link its rollout gave the device, with the
 * files in PostgreSQL (the default with DATABASE_URL) and in an S3 bucket (BLOB_URL).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firmwareCommandValueSchema } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { addProject } from '../modules/entityManager/testSupport';
import { createGateway, demoAdmin, gatewayBody, iotClient } from '../modules/iotManager/testSupport';
import type { DatabaseHandle } from '../platform/db/database';
import { createLogger } from '../platform/http/logging';
import { JobQueue } from '../platform/jobs/jobQueue';
import { seedDemoIfEmpty } from '../seed/demo';
import { startTestS3Server, type TestS3Server } from '../testing/s3Server';
import { openTestDatabase } from '../testing/testDatabase';
import type { TestPlatform } from '../testing/testPlatform';
import { buildApp } from './httpApp';
import { createDeps } from './runtime';

let database: DatabaseHandle;
let s3: TestS3Server;

beforeAll(async () => {
  [database, s3] = await Promise.all([openTestDatabase(), startTestS3Server()]);
  await seedDemoIfEmpty(database.db);
});
afterAll(async () => {
  await s3?.close();
  await database?.close();
});

/** One node: the app on the shared database, with a data directory of its own. */
async function startNode(env: Record<string, string>): Promise<TestPlatform> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ferrite-node-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    PUBLIC_URL: 'http://ferrite.test',
    ...env,
  });
  const log = createLogger(config.logLevel);
  const jobs = await JobQueue.start(database.db, log);
  const deps = await createDeps(config, database, log, jobs);
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    database,
    config,
    close: async () => {
      await deps.ingest.stop();
      await app.close();
      await jobs.stop();
      deps.blobs.close?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each([
  ['in PostgreSQL', '7.0.0', () => ({})],
  ['in an S3 bucket', '7.1.0', () => ({ BLOB_URL: s3.blobUrl('nodes') })],
])('firmware kept %s', (where, version, env) => {
  let nodeA: TestPlatform;
  let nodeB: TestPlatform;

  beforeAll(async () => {
    nodeA = await startNode(env());
    nodeB = await startNode(env());
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
  });

  it('uploaded through one node downloads through the other by the link its rollout sent', async () => {
    // A session made on node A is good on node B: the generated secret is the database's, not a node's.
    const { orgId, token } = await demoAdmin(nodeA);
    const onA = iotClient(nodeA, orgId, token);
    const onB = iotClient(nodeB, orgId, token);
    const image = randomBytes(700_000);
    const sha256 = createHash('sha256').update(image).digest('hex');
    const uploaded = await onA.upload('/firmware', image, {
      name: 'Edge OS',
      version,
      filename: 'edge-os.bin',
      notes: '',
    });
    expect(uploaded.statusCode).toBe(201);
    const firmware = uploaded.json();
    expect(firmware).toMatchObject({ size: image.length, sha256 });

    const projectId = await addProject(nodeA, orgId, `Across nodes ${where}`);
    const gateway = (await createGateway(onA, projectId, gatewayBody(`Edge ${where}`))).gateway;
    expect(
      (await onA.post(`/firmware/${firmware.id}/rollouts`, { gateway_ids: [gateway.id] })).statusCode,
    ).toBe(201);
    const command = (await onB.get(`/gateways/${gateway.id}/commands`)).json().commands[0];
    const link = new URL(firmwareCommandValueSchema.parse(command.value).url);
    const download = await nodeB.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['x-checksum-sha256']).toBe(sha256);
    expect(download.rawPayload.equals(image)).toBe(true);
    // Neither node kept the file on its own disk.
    for (const node of [nodeA, nodeB]) {
      await expect(readdir(join(node.config.dataDir, 'blobs'))).rejects.toMatchObject({ code: 'ENOENT' });
    }

    // Deleted through node B, the file is gone for node A too.
    expect((await onB.delete(`/firmware/${firmware.id}`)).statusCode).toBe(204);
    const blobKey = `firmware/${orgId}/${firmware.id}`;
    await expect(nodeA.deps.blobs.openRead(blobKey)).rejects.toThrow('No blob');
  });
});
