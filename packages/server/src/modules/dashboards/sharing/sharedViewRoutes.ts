/**
 * The shared view (spec §7 "Shared view"), public routes that check the link's own bearer token:
 * GET and POST /dash_mgmt/dashboards/{uuid}/verify (password → token), GET /dash_mgmt/dashboards/{uuid}/,
 * POST /dash_mgmt/details/{uuid}/panels/{id}, GET …/panels/{panelId}/widget_instances/{id}, and
 * GET /dash_mgmt/orgs/{orgId}/dashboards/{uuid}/hierarchy, which members may call too.
 */
import {
  dashboardHierarchySchema,
  hierarchyParamsSchema,
  panelDetailSchema,
  sharedDashboardResponseSchema,
  sharePanelParamsSchema,
  sharePanelWidgetsParamsSchema,
  shareUuidParamsSchema,
  shareVerifyBodySchema,
  shareVerifyQuerySchema,
  shareVerifyResponseSchema,
  shareWidgetParamsSchema,
  widgetDataBatchBodySchema,
  widgetDataBatchResponseSchema,
  widgetDataQuerySchema,
  widgetInstanceDataResponseSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/http/deps';
import { isoOrNull } from '../../../platform/isoTime';
import { verifyPassword } from '../../../platform/security/passwords';
import { presentDashboard } from '../dashboards/presenter';
import { DashboardRepository } from '../dashboards/repository';
import { mustFindDashboard, mustFindPanel } from '../load';
import { dashboardHierarchy, panelDetail } from '../panels/detail';
import { presentPanel } from '../panels/presenter';
import { PanelRepository } from '../panels/repository';
import { DASH_TAGS, errorResponses, problems } from '../shared';
import { readPanelWidgets } from '../widgets/batchRead';
import { WidgetRepository } from '../widgets/repository';
import { readWidget } from '../widgets/widgetCache';
import { ExportRepository } from './exportRepository';
import { shareProblems } from './messages';
import { linkProblem, requireShare, resolveViewer, signShareToken } from './shareAccess';
import { ShareFailureRepository } from './shareFailureRepository';
import { SharePasswordThrottle } from './throttle';

const shared = { access: 'public' as const };
const tags = [...DASH_TAGS, 'sharedView'];

/** Registers the shared-view routes. */
export const sharedViewRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const throttle = new SharePasswordThrottle(new ShareFailureRepository(deps.db));
  const links = new ExportRepository(deps.db);
  const dashboards = new DashboardRepository(deps.db);
  const panels = new PanelRepository(deps.db);
  const widgets = new WidgetRepository(deps.db);

  /** Checks the password against the link (counting a wrong one) and signs the link's bearer token. */
  const verify = async (uuid: string, password: string, ip: string) => {
    const link = await links.findByUuid(uuid);
    const problem = linkProblem(link);
    if (problem || !link) throw problem ?? shareProblems.unknown();
    await throttle.assertAllowed(uuid, ip);
    if (!password || !(await verifyPassword(link.password_hash, password))) {
      await throttle.recordFailure(link.org_id, uuid, ip);
      throw shareProblems.wrongPassword();
    }
    await throttle.clearLink(uuid);
    const { token, expiresAt } = await signShareToken(deps.jwt, link);
    return {
      token,
      token_type: 'Bearer' as const,
      expires_at: expiresAt.toISOString(),
      uuid,
      org_id: link.org_id,
      dashboard_id: link.dashboard_id,
    };
  };
  const verifyAnswers = { 200: shareVerifyResponseSchema, ...errorResponses };
  const verifyOutcomes =
    "answers the link's bearer token. 401 'Please enter correct password' when wrong, 410 when revoked or expired, 429 after too many wrong passwords; a `password` in the query string is a 400 and is not checked";

  app.get('/dash_mgmt/dashboards/:uuid/verify', {
    config: shared,
    schema: {
      tags,
      summary: `Open a shared link with its password in the \`password\` header: ${verifyOutcomes}`,
      params: shareUuidParamsSchema,
      querystring: shareVerifyQuerySchema,
      response: verifyAnswers,
    },
    handler: async (request) => {
      const header = request.headers.password;
      return verify(request.params.uuid, typeof header === 'string' ? header : '', request.ip);
    },
  });

  app.post('/dash_mgmt/dashboards/:uuid/verify', {
    config: shared,
    schema: {
      tags,
      summary: `Open a shared link with its password in the body: ${verifyOutcomes}`,
      params: shareUuidParamsSchema,
      querystring: shareVerifyQuerySchema,
      body: shareVerifyBodySchema,
      response: verifyAnswers,
    },
    handler: async (request) => verify(request.params.uuid, request.body.password, request.ip),
  });

  for (const path of ['/dash_mgmt/dashboards/:uuid', '/dash_mgmt/dashboards/:uuid/']) {
    app.get(path, {
      config: shared,
      schema: {
        tags,
        summary: "The shared dashboard and its panels (the link's bearer token)",
        params: shareUuidParamsSchema,
        response: { 200: sharedDashboardResponseSchema, ...errorResponses },
      },
      handler: async (request) => {
        const scope = await requireShare(request, deps, request.params.uuid);
        const dashboard = presentDashboard(
          await mustFindDashboard(dashboards, scope.orgId, scope.dashboardId),
        );
        const rows = await panels.panelsOf(scope.orgId, scope.dashboardId);
        const link = await links.findByUuid(scope.uuid);
        return {
          uuid: scope.uuid,
          org_id: scope.orgId,
          dashboard: {
            id: dashboard.id,
            name: dashboard.name,
            description: dashboard.description,
            theme: dashboard.theme,
            layout: dashboard.layout,
          },
          panels: rows.map(presentPanel),
          expires_at: isoOrNull(link?.expires_at),
        };
      },
    });
  }

  app.post('/dash_mgmt/details/:uuid/panels/:id', {
    config: shared,
    schema: {
      tags,
      summary:
        "A panel of the shared dashboard with its subpanels and widgets (the link's bearer token; the body is ignored)",
      params: sharePanelParamsSchema,
      body: z.record(z.string(), z.unknown()).optional(),
      response: { 200: panelDetailSchema, ...errorResponses },
    },
    handler: async (request) => {
      const scope = await requireShare(request, deps, request.params.uuid);
      const panel = await mustFindPanel(panels, scope.orgId, request.params.id, scope.dashboardId);
      return panelDetail(panels, scope.orgId, panel);
    },
  });

  app.get('/dash_mgmt/details/:uuid/panels/:panelId/widget_instances/:id', {
    config: shared,
    schema: {
      tags,
      summary:
        "A widget of the shared dashboard with its data for the read query (the link's bearer token): aggregate_func, from_date, to_date, group_interval, group_interval_type, type, last",
      params: shareWidgetParamsSchema,
      querystring: widgetDataQuerySchema,
      response: { 200: widgetInstanceDataResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const scope = await requireShare(request, deps, request.params.uuid);
      const { panelId, id } = request.params;
      return readWidget(
        deps.db,
        scope.orgId,
        id,
        (instance) => instance.panel_id === panelId && instance.dashboard_id === scope.dashboardId,
        async () => {
          const row = await widgets.findById(scope.orgId, id);
          // A widget of this panel of the link's dashboard is enough; otherwise say which is missing.
          if (!row || row.panel_id !== panelId || row.dashboard_id !== scope.dashboardId) {
            await mustFindPanel(panels, scope.orgId, panelId, scope.dashboardId);
            throw problems.notFound('Widget instance');
          }
          return row;
        },
        request.query,
      );
    },
  });

  app.post('/dash_mgmt/details/:uuid/panels/:panelId/widget_data', {
    config: shared,
    schema: {
      tags,
      summary:
        "Several widgets of a shared panel with their data at once (the link's bearer token), each with its read query",
      params: sharePanelWidgetsParamsSchema,
      body: widgetDataBatchBodySchema,
      response: { 200: widgetDataBatchResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const scope = await requireShare(request, deps, request.params.uuid);
      const { panelId } = request.params;
      return readPanelWidgets(deps.db, scope.orgId, panelId, request.body.reads, scope.dashboardId);
    },
  });

  app.get('/dash_mgmt/orgs/:orgId/dashboards/:uuid/hierarchy', {
    // Public to the access hook: members (access token) and link holders (share token) both call it,
    // and resolveViewer checks either one as strictly as the hook would.
    config: shared,
    schema: {
      tags,
      summary:
        "A dashboard's tree of panels, subpanels and widgets. Members: {uuid} is the dashboard id. Link holders (share token): the link uuid or its dashboard's id",
      params: hierarchyParamsSchema,
      response: { 200: dashboardHierarchySchema, ...errorResponses },
    },
    handler: async (request) => {
      const { orgId, uuid } = request.params;
      const viewer = await resolveViewer(request, deps, orgId);
      let dashboardId = uuid;
      if (viewer.kind === 'share') {
        if (uuid !== viewer.scope.uuid && uuid !== viewer.scope.dashboardId) throw shareProblems.otherLink();
        dashboardId = viewer.scope.dashboardId;
      }
      return dashboardHierarchy(panels, orgId, await mustFindDashboard(dashboards, orgId, dashboardId));
    },
  });
};
