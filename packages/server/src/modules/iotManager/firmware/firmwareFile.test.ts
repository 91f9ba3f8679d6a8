/** Uploaded firmware keeps a safe base name and the type its bytes tell, in the answer and the list. */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, DEMO_ADMIN, type TestPlatform } from '../../../testing/testPlatform';
import { demoAdmin, type IotClient } from '../testSupport';
import { FIRMWARE_FILENAME_MAX, safeFirmwareFileName } from './firmwareFile';
import { FirmwareRepository } from './repository';
import { FirmwareService } from './service';

let platform: TestPlatform;
let iot: IotClient;
let orgId: string;
let version = 0;

beforeAll(async () => {
  platform = await createTestPlatform();
  ({ iot, orgId } = await demoAdmin(platform));
});
afterAll(() => platform.close());

/** Uploads the bytes under the file name as a new version; answers the firmware as the API shows it. */
async function upload(filename: string, bytes: Buffer = Buffer.from([1, 2, 3, 4])) {
  const response = await iot.upload('/firmware', bytes, {
    name: 'Edge OS',
    version: `1.0.${++version}`,
    filename,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; filename: string; content_type: string };
}

describe('the file name of an upload', () => {
  it('keeps only the base name of a path, with / or \\ as separators', async () => {
    expect((await upload('../../etc/passwd')).filename).toBe('passwd');
    expect((await upload('..\\..\\x.bin')).filename).toBe('x.bin');
    expect((await upload('C:\\Windows\\System32\\evil.dll')).filename).toBe('evil.dll');
    expect((await upload('/var/../lib/fw/edge-os.bin')).filename).toBe('edge-os.bin');
  });

  it('drops control characters and the leading dots of a hidden file, and reserved characters', async () => {
    expect((await upload('.bashrc')).filename).toBe('bashrc');
    expect((await upload('...')).filename).toBe('firmware.bin');
    expect((await upload('../')).filename).toBe('firmware.bin');
    expect((await upload('ok\u0000\u001b[31m\r\nname.bin')).filename).toBe('ok[31mname.bin');
    expect((await upload('invoice\u202Egpj.exe')).filename).toBe('invoicegpj.exe');
    expect((await upload('a<b>:c"d|e?f*.bin')).filename).toBe('a_b__c_d_e_f_.bin');
  });

  it(`is at most ${FIRMWARE_FILENAME_MAX} characters, keeping the extension`, async () => {
    const kept = (await upload(`${'x'.repeat(300)}.hex`)).filename;
    expect(kept).toHaveLength(FIRMWARE_FILENAME_MAX);
    expect(kept.endsWith('xxx.hex')).toBe(true);
    expect(safeFirmwareFileName(`${'é'.repeat(150)}`)).toHaveLength(FIRMWARE_FILENAME_MAX);
  });

  it('is the name the list shows and the signed download sends', async () => {
    const firmware = await upload('../../boot/../kernel.img');
    const listed = (await iot.get('/firmware'))
      .json()
      .firmware.find((f: { id: string }) => f.id === firmware.id);
    expect(listed.filename).toBe('kernel.img');
    const path = platform.deps.blobs.signedPath(`firmware/${orgId}/${firmware.id}`, 60, {
      routePath: `/api/iot_mgmt/firmware/${firmware.id}/download`,
    });
    const download = await platform.app.inject({ method: 'GET', url: path });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="kernel.img"');
  });
});

describe('the type of an upload', () => {
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]);
  const zip = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(40)]);
  const hex = Buffer.from(':10010000214601360121470136007EFE09D2190140\r\n:00000001FF\r\n');
  const cases: [string, Buffer, string][] = [
    ['ELF', elf, 'application/x-elf'],
    ['ZIP', zip, 'application/zip'],
    ['gzip', gzipSync(Buffer.from('rootfs')), 'application/gzip'],
    ['Intel HEX', hex, 'text/x-hex'],
    ['plain binary', Buffer.from([0, 1, 2, 3, 250, 251]), 'application/octet-stream'],
    [
      'an HTML page named .bin',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'application/octet-stream',
    ],
  ];

  it.each(cases)('is detected from the bytes of %s, whatever the name says', async (_, bytes, type) => {
    const firmware = await upload('firmware.zip', bytes);
    expect(firmware.content_type).toBe(type);
    const listed = (await iot.get('/firmware'))
      .json()
      .firmware.find((f: { id: string }) => f.id === firmware.id);
    expect(listed.content_type).toBe(type);
  });

  it('is read across chunks when the stream splits the signature', async () => {
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
    const meta = { name: 'Split', version: '1', filename: 'split.bin', notes: '' };
    const chunks = [elf.subarray(0, 1), elf.subarray(1, 3), elf.subarray(3)];
    const firmware = await service.upload({ orgId, userId: user.id }, meta, Readable.from(chunks), null);
    expect(firmware.content_type).toBe('application/x-elf');
  });
});
