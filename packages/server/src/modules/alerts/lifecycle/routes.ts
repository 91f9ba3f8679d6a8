/**
 * Alerts (spec §7): /alert/orgs/{orgId}/alert (list), /alert/{id} (read, change, delete),
 * /alert/{id}/acknowledge|clear|resolve|comments|timeline, /alert/acknowledge (several), and the
 * home's /summary and the charts' /marks.
 */
import {
  alertBulkBodySchema,
  alertBulkResponseSchema,
  alertCommentBodySchema,
  alertListQuerySchema,
  alertListResponseSchema,
  alertMarksQuerySchema,
  alertMarksResponseSchema,
  alertParamsSchema,
  alertSchema,
  alertSummaryResponseSchema,
  alertTimelineResponseSchema,
  alertUpdateBodySchema,
  uuidParam,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abilitiesInApp } from '../../../platform/authorization/abilities';
import { requireAuth } from '../../../platform/http/authContext';
import type { DeviceDeps } from '../../iotManager';
import { ALERT_PREFIX, ALERT_TAGS, actorOf, errorResponses } from '../shared';
import { alertMarks, alertSummary } from './overview';
import { AlertRepository } from './repository';
import { AlertService } from './service';

const view = { permission: 'alerts.view' as const };
const acknowledge = { permission: 'alerts.acknowledge' as const };
const manage = { permission: 'alerts.manageRules' as const };
const tags = ALERT_TAGS;
const orgParams = z.object({ orgId: uuidParam('orgId') });

/** Registers the alert routes. */
export const alertRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const repo = new AlertRepository(deps.db);
  const service = new AlertService(repo, deps);
  const collection = `${ALERT_PREFIX}/alert`;
  const item = `${collection}/:id`;

  app.get(collection, {
    config: view,
    schema: {
      tags,
      summary:
        'Alerts of the Active or Archived tab, newest first, filtered by status, severity, app, rule, entity, time and "mine"; with both tabs\' counts',
      params: orgParams,
      querystring: alertListQuerySchema,
      response: { 200: alertListResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const page = await service.list(auth.orgId, auth.userId, request.query);
      return { ...page, abilities: abilitiesInApp(auth.abilities, 'alerts') };
    },
  });

  app.post(`${collection}/acknowledge`, {
    config: acknowledge,
    schema: {
      tags,
      summary: 'Acknowledge several alerts at once; those no longer active are left as they are',
      params: orgParams,
      body: alertBulkBodySchema,
      response: { 200: alertBulkResponseSchema, ...errorResponses },
    },
    handler: (request) => service.acknowledgeMany(actorOf(request), request.body.ids),
  });

  app.get(item, {
    config: view,
    schema: {
      tags,
      summary: 'One alert',
      params: alertParamsSchema,
      response: { 200: alertSchema, ...errorResponses },
    },
    handler: (request) => service.get(requireAuth(request).orgId, request.params.id),
  });

  app.put(item, {
    config: acknowledge,
    schema: {
      tags,
      summary:
        'Change an alert: its status (a step of active → acknowledged → cleared → resolved, or a cleared one back to active; 409 otherwise), assignee, snooze, archive flag',
      params: alertParamsSchema,
      body: alertUpdateBodySchema,
      response: { 200: alertSchema, ...errorResponses },
    },
    handler: (request) => service.update(actorOf(request), request.params.id, request.body),
  });

  app.delete(item, {
    config: manage,
    schema: {
      tags,
      summary: 'Delete an alert with its timeline and notifications',
      params: alertParamsSchema,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.delete(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  for (const [verb, step, summary] of [
    [
      'acknowledge',
      'acknowledge',
      'Acknowledge an active alert: repeats and escalation stop (409 otherwise)',
    ],
    ['clear', 'clear', 'Clear an active or acknowledged alert (409 otherwise)'],
    ['resolve', 'resolve', 'Resolve an open or cleared alert (409 when already resolved)'],
  ] as const) {
    app.post(`${item}/${verb}`, {
      config: acknowledge,
      schema: { tags, summary, params: alertParamsSchema, response: { 200: alertSchema, ...errorResponses } },
      handler: (request) => service.step(actorOf(request), request.params.id, step),
    });
  }

  app.post(`${item}/comments`, {
    config: acknowledge,
    schema: {
      tags,
      summary: "Add a comment to the alert's timeline",
      params: alertParamsSchema,
      body: alertCommentBodySchema,
      response: { 201: alertSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.comment(actorOf(request), request.params.id, request.body.text)),
  });

  app.get(`${item}/timeline`, {
    config: view,
    schema: {
      tags,
      summary: "The alert's events (fired, acknowledged, comments…) and every notification, oldest first",
      params: alertParamsSchema,
      response: { 200: alertTimelineResponseSchema, ...errorResponses },
    },
    handler: (request) => service.timeline(requireAuth(request).orgId, request.params.id),
  });

  app.get(`${ALERT_PREFIX}/summary`, {
    config: view,
    schema: {
      tags,
      summary:
        'Counts for the Alerts home: open alerts by severity, by status, the newest, rules, silences, fired per hour',
      params: orgParams,
      response: { 200: alertSummaryResponseSchema, ...errorResponses },
    },
    handler: (request) => alertSummary(repo, requireAuth(request).orgId),
  });

  app.get(`${ALERT_PREFIX}/marks`, {
    config: view,
    schema: {
      tags,
      summary: 'Alerts of up to 50 sensors whose data point lies in the window, for charts to mark',
      params: orgParams,
      querystring: alertMarksQuerySchema,
      response: { 200: alertMarksResponseSchema, ...errorResponses },
    },
    handler: (request) => alertMarks(repo, requireAuth(request).orgId, request.query),
  });
};
