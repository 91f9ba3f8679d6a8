/**
 * Firmware files: uploaded as raw bytes straight into the blob store (checksummed while streaming,
 * cut off past FIRMWARE_MAX_BYTES, typed by their first bytes, under a safe base name), listed,
 * deleted with their file.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { FIRMWARE_MAX_BYTES, type Firmware, type firmwareUploadQuerySchema } from '@ferrite/contracts';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { hasSqlState, UNIQUE_VIOLATION } from '../../../platform/db/sqlState';
import type { BlobStore } from '../../../platform/storage/blobStore';
import { type Actor, activityBase, HttpProblem, problems } from '../shared';
import { detectFirmwareType, FIRMWARE_SNIFF_BYTES, safeFirmwareFileName } from './firmwareFile';
import { presentFirmware } from './presenter';
import type { FirmwareRepository, FirmwareRow } from './repository';

export type FirmwareUpload = z.output<typeof firmwareUploadQuerySchema>;

const MAX_MB = Math.round(FIRMWARE_MAX_BYTES / (1024 * 1024));

/** The 413 of a file past the limit. */
export function firmwareTooLarge(): HttpProblem {
  return new HttpProblem(
    413,
    'Firmware file too large',
    `A firmware file may be at most ${MAX_MB} MB (${FIRMWARE_MAX_BYTES.toLocaleString('en-US')} bytes)`,
  );
}

/**
 * Passes bytes through until there are more than `max`, then fails with the 413; keeps the first
 * FIRMWARE_SNIFF_BYTES in `head` for the type check.
 */
async function* limited(
  source: AsyncIterable<Buffer | string>,
  max: number,
  head: Buffer[],
): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (size < FIRMWARE_SNIFF_BYTES) head.push(bytes.subarray(0, FIRMWARE_SNIFF_BYTES - size));
    size += bytes.length;
    if (size > max) throw firmwareTooLarge();
    yield bytes;
  }
}

/** The organization's firmware files. */
export class FirmwareService {
  constructor(
    readonly repo: FirmwareRepository,
    private readonly blobs: BlobStore,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  /** The organization's firmware, newest first. */
  async list(orgId: string): Promise<Firmware[]> {
    return (await this.repo.list(orgId)).map(presentFirmware);
  }

  /** Stores an uploaded file and its record; 409 when the name and version exist, 413 past the limit. */
  async upload(
    actor: Actor,
    meta: FirmwareUpload,
    data: Readable,
    declaredBytes: number | null,
  ): Promise<Firmware> {
    if (declaredBytes !== null && declaredBytes > FIRMWARE_MAX_BYTES) throw firmwareTooLarge();
    const duplicate = () =>
      problems.conflict(`Firmware "${meta.name}" version ${meta.version} already exists`);
    if (await this.repo.exists(actor.orgId, meta.name, meta.version)) throw duplicate();
    const id = randomUUID();
    const blobKey = `firmware/${actor.orgId}/${id}`;
    const head: Buffer[] = [];
    const stored = await this.blobs.put(blobKey, Readable.from(limited(data, FIRMWARE_MAX_BYTES, head)));
    // The name as given may carry directories ("../../etc/passwd") or control characters; the type is
    // what the bytes are, whatever the name or the request claims.
    const filename = safeFirmwareFileName(meta.filename);
    const contentType = detectFirmwareType(Buffer.concat(head));
    try {
      if (stored.size === 0) {
        throw problems.badRequest('The firmware file is empty', [
          { path: 'body', message: 'The file is empty' },
        ]);
      }
      return await this.repo.transaction(async (repo) => {
        await repo.insert({
          id,
          orgId: actor.orgId,
          ...meta,
          filename,
          contentType,
          ...stored,
          blobKey,
          createdBy: actor.userId,
        });
        const after = presentFirmware((await repo.findById(actor.orgId, id)) as FirmwareRow);
        await repo.recordActivity({
          ...activityBase(actor, 'firmware', id),
          action: 'created',
          summary: `Uploaded firmware "${after.name}" version ${after.version} (${after.size.toLocaleString('en-US')} bytes)`,
          after,
        });
        return after;
      });
    } catch (error) {
      // The record was not written: the file must not stay behind.
      await this.blobs.delete(blobKey);
      if (hasSqlState(error, UNIQUE_VIOLATION)) throw duplicate();
      throw error;
    }
  }

  /** Deletes a firmware record with its rollouts, then its file. */
  async delete(actor: Actor, id: string): Promise<void> {
    const before = await this.repo.transaction(async (repo) => {
      const row = await repo.findById(actor.orgId, id);
      if (!row) throw problems.notFound('Firmware');
      await repo.delete(actor.orgId, id);
      const presented = presentFirmware(row);
      await repo.recordActivity({
        ...activityBase(actor, 'firmware', id),
        action: 'deleted',
        summary: `Deleted firmware "${row.name}" version ${row.version}`,
        before: presented,
      });
      return row;
    });
    await this.blobs.delete(before.blob_key).catch((error: unknown) => {
      // The record is gone, so nothing links to the file any more; a leftover file is only disk space.
      this.log.warn({ err: error, key: before.blob_key }, 'Firmware file could not be deleted');
    });
  }
}
