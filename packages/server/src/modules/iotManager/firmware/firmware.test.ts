/** Firmware: upload with checksum, limits and duplicates; signed downloads; rollouts as commands. */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  FIRMWARE_COMMAND,
  FIRMWARE_LINK_TTL_S,
  FIRMWARE_MAX_BYTES,
  firmwareCommandValueSchema,
  SOCKET_EVENTS,
} from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, DEMO_ADMIN, type TestPlatform } from '../../../testing/testPlatform';
import { addProject } from '../../entityManager/testSupport';
import { expireCommands } from '../commands/expireCommands';
import {
  captureEvents,
  createGateway,
  demoAdmin,
  errorPaths,
  gatewayBody,
  type IotClient,
} from '../testSupport';
import { FirmwareRepository } from './repository';
import { FirmwareService } from './service';

let platform: TestPlatform;
let orgId: string;
let iot: IotClient;
let projectId: string;
const image = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
const sha256 = createHash('sha256').update(image).digest('hex');

beforeAll(async () => {
  platform = await createTestPlatform();
  ({ orgId, iot } = await demoAdmin(platform));
  projectId = await addProject(platform, orgId, 'Firmware plant');
});
afterAll(() => platform.close());

async function upload(version: string, bytes: Buffer = image) {
  return iot.upload('/firmware', bytes, {
    name: 'Edge OS',
    version,
    filename: 'edge-os.bin',
    notes: 'Fixes',
  });
}

/** The download path and query of a firmware command's URL. */
function downloadOf(url: string): { path: string; expires: string; signature: string } {
  const parsed = new URL(url);
  return {
    path: parsed.pathname,
    expires: parsed.searchParams.get('expires') ?? '',
    signature: parsed.searchParams.get('signature') ?? '',
  };
}

describe('uploading firmware', () => {
  it('stores the raw bytes with their size and SHA-256, and lists them', async () => {
    const response = await upload('1.0.0');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Edge OS',
      version: '1.0.0',
      filename: 'edge-os.bin',
      notes: 'Fixes',
      size: image.length,
      sha256,
      created_by: { name: expect.any(String) },
    });
    const list = (await iot.get('/firmware')).json();
    expect(list.firmware.map((f: { version: string }) => f.version)).toEqual(['1.0.0']);
  });

  it('accepts files larger than the JSON body limit', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024, 7);
    const response = await upload('1.1.0', big);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      size: big.length,
      sha256: createHash('sha256').update(big).digest('hex'),
    });
  });

  it('refuses the same name and version (409), an empty file, a missing version and a body too large', async () => {
    const again = await upload('1.0.0');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Firmware "Edge OS" version 1.0.0 already exists');
    expect((await upload('0.0.1', Buffer.alloc(0))).statusCode).toBe(400);
    const noVersion = await iot.upload('/firmware', image, { name: 'Edge OS' });
    expect(noVersion.statusCode).toBe(400);
    expect(errorPaths(noVersion)).toEqual(['query.version']);
    const tooLarge = await upload('9.9.9', Buffer.alloc(FIRMWARE_MAX_BYTES + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      title: 'Firmware file too large',
      detail: expect.stringContaining('64 MB'),
    });
    const json = await iot.post('/firmware?name=X&version=1', { not: 'a file' });
    expect(json.statusCode).toBe(415);
    expect((await iot.get('/firmware')).json().firmware).toHaveLength(2);
  });
});

/** The names of the organization's firmware blobs, wherever the platform's blob store keeps them. */
async function storedFirmwareFiles(): Promise<string[]> {
  if (platform.database.engine === 'postgres') {
    const rows = await platform.deps.db
      .selectFrom('blobs')
      .select('key')
      .where('key', 'like', `firmware/${orgId}/%`)
      .execute();
    return rows.map((row) => row.key.split('/').at(-1) ?? '');
  }
  return readdir(join(platform.config.dataDir, 'blobs', 'firmware', orgId));
}

describe('a stream past the limit', () => {
  it('is cut off with 413 without a declared length, and leaves no file or record behind', async () => {
    const user = await platform.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_ADMIN.email)
      .executeTakeFirstOrThrow();
    const service = new FirmwareService(
      new FirmwareRepository(platform.deps.db),
      platform.deps.blobs,
      platform.deps.log,
    );
    const megabyte = Buffer.alloc(1024 * 1024, 1);
    async function* chunks() {
      for (let i = 0; i <= FIRMWARE_MAX_BYTES / megabyte.length; i++) yield megabyte;
    }
    const meta = { name: 'Huge', version: '1', filename: 'huge.bin', notes: '' };
    await expect(
      service.upload({ orgId, userId: user.id }, meta, Readable.from(chunks()), null),
    ).rejects.toMatchObject({ status: 413, title: 'Firmware file too large' });
    const files = await storedFirmwareFiles();
    const rows = await platform.deps.db
      .selectFrom('firmware')
      .select('blob_key')
      .where('org_id', '=', orgId)
      .execute();
    expect(files.sort()).toEqual(rows.map((row) => row.blob_key.split('/').at(-1)).sort());
  });
});

describe('rolling firmware out', () => {
  it('creates a firmware_update command and a rollout per gateway; a push marks them delivered and notified', async () => {
    const firmware = (await upload('2.0.0')).json();
    const polled = (
      await createGateway(iot, projectId, gatewayBody('Poller', { type: 'HTTPS', protocol: 'HTTP' }))
    ).gateway;
    const pushed = (await createGateway(iot, projectId, gatewayBody('Subscriber'))).gateway;
    platform.deps.deviceLink.setPusher(async () => true);
    const capture = captureEvents(platform);
    const response = await iot.post(`/firmware/${firmware.id}/rollouts`, {
      gateway_ids: [polled.id, pushed.id, polled.id],
    });
    capture.stop();
    platform.deps.deviceLink.setPusher(null);
    expect(response.statusCode).toBe(201);
    const rollouts = response.json().rollouts;
    expect(rollouts.map((r: { gateway_name: string; status: string }) => [r.gateway_name, r.status])).toEqual(
      [
        ['Poller', 'pending'],
        ['Subscriber', 'notified'],
      ],
    );
    expect(rollouts[0]).toMatchObject({ firmware_id: firmware.id, firmware_version: '2.0.0', progress: 0 });
    expect(capture.events.filter(([, event]) => event === SOCKET_EVENTS.gatewayRollout)).toHaveLength(2);

    const commands = (await iot.get(`/gateways/${polled.id}/commands`)).json().commands;
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({
      id: rollouts[0].command_id,
      name: FIRMWARE_COMMAND,
      status: 'pending',
    });
    const value = firmwareCommandValueSchema.parse(commands[0].value);
    expect(value).toMatchObject({
      rollout_id: rollouts[0].id,
      firmware_id: firmware.id,
      name: 'Edge OS',
      version: '2.0.0',
      sha256,
      size: image.length,
    });
    expect(value.url.startsWith(`http://ferrite.test/api/iot_mgmt/firmware/${firmware.id}/download?`)).toBe(
      true,
    );
    const expiresIn = new Date(commands[0].expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan((FIRMWARE_LINK_TTL_S - 60) * 1000);
    const delivered = (await iot.get(`/gateways/${pushed.id}/commands`)).json().commands[0];
    expect(delivered).toMatchObject({ name: FIRMWARE_COMMAND, status: 'delivered' });
    expect((await iot.get(`/gateways/${pushed.id}/rollouts`)).json().rollouts).toHaveLength(1);
    expect((await iot.get(`/firmware/${firmware.id}/rollouts`)).json().rollouts).toHaveLength(2);

    // The signed link in the command downloads the file byte for byte.
    const link = downloadOf(value.url);
    const download = await platform.app.inject({
      method: 'GET',
      url: link.path,
      query: { expires: link.expires, signature: link.signature },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-length']).toBe(String(image.length));
    expect(download.headers['x-checksum-sha256']).toBe(sha256);
    expect(download.rawPayload.equals(image)).toBe(true);

    // A rollout whose command expires unanswered times out with it.
    expect(
      await expireCommands(platform.deps.db, platform.deps.realtime, new Date(Date.now() + 2 * 3_600_000)),
    ).toBe(2);
    const after = (await iot.get(`/firmware/${firmware.id}/rollouts`)).json().rollouts;
    expect(after.map((r: { status: string }) => r.status)).toEqual(['timed_out', 'timed_out']);
  });

  it('refuses a tampered, expired or missing signature with 403', async () => {
    const firmware = (await upload('3.0.0')).json();
    const key = `firmware/${orgId}/${firmware.id}`;
    const routePath = `/api/iot_mgmt/firmware/${firmware.id}/download`;
    const good = downloadOf(`http://x${platform.deps.blobs.signedPath(key, 60, { routePath })}`);
    const get = (query: Record<string, string>, path = routePath) =>
      platform.app.inject({ method: 'GET', url: path, query });
    expect((await get({ expires: good.expires, signature: good.signature })).statusCode).toBe(200);
    const flipped = `${good.signature.startsWith('A') ? 'B' : 'A'}${good.signature.slice(1)}`;
    const refused: Record<string, string>[] = [
      { expires: good.expires, signature: flipped },
      { expires: String(Number(good.expires) + 1000), signature: good.signature },
      { expires: good.expires },
      {},
    ];
    for (const query of refused) {
      const response = await get(query);
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe('This download link is invalid or has expired');
    }
    const expired = downloadOf(
      `http://x${platform.deps.blobs.signedPath(key, 60, { routePath, now: new Date(Date.now() - 120_000) })}`,
    );
    expect((await get({ expires: expired.expires, signature: expired.signature })).statusCode).toBe(403);
    const other = (await upload('3.0.1')).json();
    const elsewhere = await get(
      { expires: good.expires, signature: good.signature },
      `/api/iot_mgmt/firmware/${other.id}/download`,
    );
    expect(elsewhere.statusCode).toBe(403);
  });

  it('writes nothing when a gateway is archived or unknown (422 on its index)', async () => {
    const firmware = (await upload('4.0.0')).json();
    const active = (await createGateway(iot, projectId, gatewayBody('Active'))).gateway;
    const archived = (await createGateway(iot, projectId, gatewayBody('Archived'))).gateway;
    await iot.post(`/gateways/${archived.id}/archive`);
    const response = await iot.post(`/firmware/${firmware.id}/rollouts`, {
      gateway_ids: [active.id, archived.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(response.statusCode).toBe(422);
    expect(errorPaths(response)).toEqual(['body.gateway_ids.1', 'body.gateway_ids.2']);
    expect((await iot.get(`/firmware/${firmware.id}/rollouts`)).json().rollouts).toEqual([]);
    expect((await iot.get(`/gateways/${active.id}/commands`)).json().total_entries).toBe(0);
    expect((await iot.post(`/firmware/${firmware.id}/rollouts`, { gateway_ids: [] })).statusCode).toBe(400);
  });

  it('deletes a firmware file with its blob, after which its link answers 403', async () => {
    const firmware = (await upload('5.0.0')).json();
    const key = `firmware/${orgId}/${firmware.id}`;
    const routePath = `/api/iot_mgmt/firmware/${firmware.id}/download`;
    const link = downloadOf(`http://x${platform.deps.blobs.signedPath(key, 60, { routePath })}`);
    expect((await iot.delete(`/firmware/${firmware.id}`)).statusCode).toBe(204);
    expect((await iot.delete(`/firmware/${firmware.id}`)).statusCode).toBe(404);
    await expect(platform.deps.blobs.openRead(key)).rejects.toThrow('No blob');
    const response = await platform.app.inject({
      method: 'GET',
      url: routePath,
      query: { expires: link.expires, signature: link.signature },
    });
    expect(response.statusCode).toBe(403);
  });
});
