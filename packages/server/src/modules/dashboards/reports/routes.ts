/**
 * Dashboard reports (spec §7): POST /dash_mgmt/orgs/{orgId}/dashboards/{id}/reports (members with
 * `dashboards.export`), POST /dash_mgmt/dashboards/{uuid}/reports (holders of a shared link, with its
 * bearer token), and the signed download GET /dash_mgmt/reports/{id}/download.
 */
import type { AddressInfo } from 'node:net';
import {
  dashboardParamsSchema,
  dashboardReportBodySchema,
  dashboardReportSchema,
  problemSchema,
  sharedReportParamsSchema,
} from '@ferrite/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, requestBrand } from '../../../platform/http/deps';
import { actorOf, DASH_PREFIX, DASH_TAGS, errorResponses } from '../shared';
import { ExportRepository } from '../sharing/exportRepository';
import { shareProblems } from '../sharing/messages';
import { requireShare } from '../sharing/shareAccess';
import { reportDownloadRoutes } from './download';
import { ReportRenderer } from './renderer';
import { ReportRepository } from './repository';
import { type ReportOrigin, ReportService } from './service';

const responses = { 201: dashboardReportSchema, ...errorResponses, 503: problemSchema };
const SUMMARY =
  "body {format: 'pdf'|'png', panel_id? (default: the first panel), recipients? (up to 20 e-mails, mailed the link), message? (up to 1000 characters, in the mail above the link), range? ('last_hour'|'last_24_hours'|'last_7_days'|'last_30_days'|'custom'), from_date?, to_date? (the custom window: at most a year, not in the future; one window for every widget)}. Answers 201 {id, format, url (signed, expires), size, from_date, to_date, …}; 400 naming each bad field; 429 past 10 reports a minute per organization, or from a shared link past 5 report mails an hour to one recipient or 100 from one address; 503 when the renderer (headless Chromium) is unavailable";

/** How Chromium reaches this server: its own listening address, over loopback when bound to all. */
function selfOrigin(app: FastifyInstance): string | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  const host = ['0.0.0.0', '::', ''].includes(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/** The request's host (for its brand), when it looks like one. */
function originOf(app: FastifyInstance, request: FastifyRequest, deps: AppDeps): ReportOrigin {
  const host = /^[\w.-]{1,253}(:\d{1,5})?$/.test(request.host) ? request.host : null;
  return { origin: selfOrigin(app), brandHost: host, brand: requestBrand(request, deps.config) };
}

/** Registers the report routes. */
export const reportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const renderer = new ReportRenderer({ executablePath: deps.config.chromiumPath, log: deps.log });
  app.addHook('onClose', () => renderer.close());
  const service = new ReportService({
    reports: new ReportRepository(deps.db),
    db: deps.db,
    jwt: deps.jwt,
    blobs: deps.blobs,
    mailer: deps.mailer,
    renderer,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
  });
  const links = new ExportRepository(deps.db);

  app.post(`${DASH_PREFIX}/dashboards/:id/reports`, {
    config: { permission: 'dashboards.export' },
    schema: {
      tags: DASH_TAGS,
      summary: `Send a dashboard as a report: ${SUMMARY}`,
      params: dashboardParamsSchema,
      body: dashboardReportBodySchema,
      response: responses,
    },
    handler: async (request, reply) => {
      const requester = { kind: 'member' as const, actor: actorOf(request) };
      const report = await service.create(
        requester,
        request.params.id,
        request.body,
        originOf(app, request, deps),
      );
      return reply.status(201).send(report);
    },
  });

  app.post('/dash_mgmt/dashboards/:uuid/reports', {
    // Public to the access hook: the link's bearer token is checked here, as on every shared-view call.
    config: { access: 'public' },
    schema: {
      tags: [...DASH_TAGS, 'sharedView'],
      summary: `A shared link's holder asks for the dashboard as a report (the link's bearer token): ${SUMMARY}`,
      params: sharedReportParamsSchema,
      body: dashboardReportBodySchema,
      response: responses,
    },
    handler: async (request, reply) => {
      const scope = await requireShare(request, deps, request.params.uuid);
      // Only a link's own token asks for reports (a render token opens views, nothing more).
      if (!(await links.findByUuid(scope.uuid))) throw shareProblems.tokenInvalid();
      const report = await service.create(
        { kind: 'link', scope, address: request.ip },
        scope.dashboardId,
        request.body,
        originOf(app, request, deps),
      );
      return reply.status(201).send(report);
    },
  });

  await app.register(reportDownloadRoutes, deps);
};
