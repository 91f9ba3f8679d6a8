/**
 * The signed report download: GET /dash_mgmt/reports/{id}/download?expires&signature. Public (mailed
 * links reach people without a session); the link's HMAC signature and expiry are the authorization.
 * A link that was genuine but whose time is up (or whose file the report sweep deleted) answers 410,
 * so the person clicking it learns to ask for a new report; any other link answers 403.
 */
import {
  DASHBOARD_REPORT_MESSAGES,
  dashboardReportDownloadParamsSchema,
  dashboardReportDownloadQuerySchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/http/deps';
import { problemResponses } from '../../../platform/http/problemResponses';
import { BlobNotFoundError, type BlobStore, type LinkSignature } from '../../../platform/storage/blobStore';
import { DASH_TAGS, HttpProblem, problems } from '../shared';
import { ReportRepository } from './repository';
import { reportFilename } from './service';

const CONTENT_TYPES = { pdf: 'application/pdf', png: 'image/png' } as const;

/** Whether the link's signature is ours, whatever its expiry: checked as of the moment it expires. */
function signedByUs(blobs: BlobStore, key: string, link: LinkSignature): boolean {
  const expires = Number(link.expires);
  return Number.isSafeInteger(expires) && blobs.verify(key, link, new Date(expires * 1000));
}

/** Registers the public, signed report download. */
export const reportDownloadRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repo = new ReportRepository(deps.db);

  app.get('/dash_mgmt/reports/:id/download', {
    config: { access: 'public' },
    schema: {
      tags: DASH_TAGS,
      summary:
        'Download a dashboard report through its signed link (403 when the signature is wrong, 410 when the report expired)',
      params: dashboardReportDownloadParamsSchema,
      querystring: dashboardReportDownloadQuerySchema,
      // Streams bypass serialization; the 200 entry documents the answer.
      response: {
        200: z.unknown().describe('The report file (PDF or PNG)'),
        ...problemResponses(400, 403, 404, 410),
      },
    },
    handler: async (request, reply) => {
      const row = await repo.findForDownload(request.params.id);
      // An unknown id answers like a bad signature: the link, not the id, is what grants access.
      if (!row?.blob_key || !signedByUs(deps.blobs, row.blob_key, request.query)) {
        throw new HttpProblem(403, 'Forbidden', DASHBOARD_REPORT_MESSAGES.linkInvalid);
      }
      if (row.status === 'expired' || !deps.blobs.verify(row.blob_key, request.query)) {
        throw new HttpProblem(410, 'Report expired', DASHBOARD_REPORT_MESSAGES.reportExpired);
      }
      let stream: Awaited<ReturnType<typeof deps.blobs.openRead>>;
      try {
        stream = await deps.blobs.openRead(row.blob_key);
      } catch (error) {
        if (error instanceof BlobNotFoundError) throw problems.notFound('The report file');
        throw error;
      }
      const filename = reportFilename(
        row.dashboard_name,
        row.panel_name ?? 'report',
        row.format,
        new Date(row.created_at),
      );
      return reply
        .header('content-type', CONTENT_TYPES[row.format])
        .header('content-length', String(row.size ?? 0))
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });
};
