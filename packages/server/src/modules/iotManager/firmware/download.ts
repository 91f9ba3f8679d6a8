/**
 * The signed firmware download devices follow: GET /iot_mgmt/firmware/{firmwareId}/download?expires&signature.
 * Public (a device holds no user session); the link's HMAC signature and expiry are the authorization.
 */
import { uuidParam } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/http/deps';
import { problemResponses } from '../../../platform/http/problemResponses';
import { BlobNotFoundError } from '../../../platform/storage/blobStore';
import { HttpProblem, IOT_TAGS, problems } from '../shared';
import { FirmwareRepository } from './repository';

const paramsSchema = z.object({ firmwareId: uuidParam('firmwareId') });
const querySchema = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
});

/** Registers the public, signed firmware download. */
export const firmwareDownloadRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repo = new FirmwareRepository(deps.db);

  app.get('/iot_mgmt/firmware/:firmwareId/download', {
    config: { access: 'public' },
    schema: {
      tags: IOT_TAGS,
      summary:
        'Download a firmware file through the signed link of a firmware_update command (403 when the signature is wrong or expired); x-checksum-sha256 carries its SHA-256',
      params: paramsSchema,
      querystring: querySchema,
      // Streams bypass serialization; the 200 entry documents the answer and types the reply.
      response: {
        200: z.unknown().describe('The firmware file'),
        ...problemResponses(400, 403, 404),
      },
    },
    handler: async (request, reply) => {
      const row = await repo.findForDownload(request.params.firmwareId);
      // An unknown id answers like a bad signature: the link, not the id, is what grants access.
      if (!row || !deps.blobs.verify(row.blob_key, request.query)) {
        throw new HttpProblem(403, 'Forbidden', 'This download link is invalid or has expired');
      }
      let stream: Awaited<ReturnType<typeof deps.blobs.openRead>>;
      try {
        stream = await deps.blobs.openRead(row.blob_key);
      } catch (error) {
        if (error instanceof BlobNotFoundError) throw problems.notFound('The firmware file');
        throw error;
      }
      const filename = row.filename.replace(/[^\w.+-]/g, '_');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(row.size))
        .header('x-checksum-sha256', row.sha256)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });
};
