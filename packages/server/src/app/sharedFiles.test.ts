/**
 * Files every node can read (PostgreSQL pass only: PGlite is one process's database): two nodes on one
 * PostgreSQL database, each with a DATA_DIR of its own and no SECRET, as a cluster's nodes are. Firmware
 * uploaded through one downloads through the other by the link its rollout gave the device, with the
 * files in PostgreSQL (the default with DATABASE_URL) and in an S3 bucket (BLOB_URL).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { firmwareCommandValueSchema } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProject } from '../modules/entityManager/testSupport';
import { createGateway, demoAdmin, gatewayBody, iotClient } from '../modules/iotManager/testSupport';
import type { DatabaseHandle } from '../platform/db/database';
import { seedDemoIfEmpty } from '../seed/demo';
import { startTestS3Server, type TestS3Server } from '../testing/s3Server';
import { openTestDatabase } from '../testing/testDatabase';
import { startTestNode, type TestPlatform } from '../testing/testPlatform';

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

describe.each([
  ['in PostgreSQL', '7.0.0', () => ({})],
  ['in an S3 bucket', '7.1.0', () => ({ BLOB_URL: s3.blobUrl('nodes') })],
])('firmware kept %s', (where, version, env) => {
  let nodeA: TestPlatform;
  let nodeB: TestPlatform;

  beforeAll(async () => {
    nodeA = await startTestNode(database, env());
    nodeB = await startTestNode(database, env());
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
