/**
 * The rule editor's evaluation calls: `POST /alert/orgs/{orgId}/rules/preview` (the condition on the
 * covered sensors' latest values) and `POST …/rules/backtest` (when the rule would have fired over the
 * last days). Both need the Alerts app's view right; the scope must be the caller's organization's.
 */
import {
  ruleBacktestBodySchema,
  ruleBacktestResponseSchema,
  rulePreviewBodySchema,
  rulePreviewResponseSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/http/deps';
import { problemResponses } from '../../../platform/http/problemResponses';
import { backtestRule } from './backtest';
import { previewRule } from './preview';

const tags = ['alerts'];
const errors = problemResponses(400, 401, 403, 404, 422);
const params = z.object({ orgId: z.string().uuid() });

/** Registers the preview and backtest routes. */
export const evaluationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post('/alert/orgs/:orgId/rules/preview', {
    config: { permission: 'alerts.view' },
    schema: {
      tags,
      summary: "A rule's condition on the covered sensors' latest values (up to 50 sensors)",
      params,
      body: rulePreviewBodySchema,
      response: { 200: rulePreviewResponseSchema, ...errors },
    },
    handler: (request) => previewRule(deps, request.params.orgId, request.body.data, new Date()),
  });

  app.post('/alert/orgs/:orgId/rules/backtest', {
    config: { permission: 'alerts.view' },
    schema: {
      tags,
      summary:
        'When a rule would have fired and cleared over the last days (1-minute values, up to 50 sensors)',
      params,
      body: ruleBacktestBodySchema,
      response: { 200: ruleBacktestResponseSchema, ...errors },
    },
    handler: (request) =>
      backtestRule(deps, request.params.orgId, request.body.data, request.body.days, new Date()),
  });
};
