/**
 * Alert rules: /alert/orgs/{orgId}/rules (list, create), /rules/{id} (read, replace, delete),
 * /rules/{id}/archive|unarchive, /rules/export and /rules/import (all or nothing).
 */
import {
  alertRuleSchema,
  ruleBodySchema,
  ruleListQuerySchema,
  ruleListResponseSchema,
  rulesExportSchema,
  rulesImportResponseSchema,
  uuidParam,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { abilitiesInApp } from '../../../platform/authorization/abilities';
import { requireAuth } from '../../../platform/http/authContext';
import type { DeviceDeps } from '../../iotManager';
import { ALERT_PREFIX, ALERT_TAGS, actorOf, errorResponses } from '../shared';
import { RuleRepository } from './repository';
import { RuleService } from './service';

const view = { permission: 'alerts.view' as const };
const manage = { permission: 'alerts.manageRules' as const };
const tags = ALERT_TAGS;
const orgParams = z.object({ orgId: uuidParam('orgId') });
const ruleParams = z.object({ orgId: uuidParam('orgId'), id: uuidParam('id') });
/** The export's answer: the import's file, except that an organization without rules exports none. */
const exportResponseSchema = rulesExportSchema.extend({ rules: z.array(ruleBodySchema) });

/** Registers the rule routes. */
export const ruleRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const service = new RuleService(new RuleRepository(deps.db), deps);
  const collection = `${ALERT_PREFIX}/rules`;
  const item = `${collection}/:id`;

  app.get(collection, {
    config: view,
    schema: {
      tags,
      summary:
        "Rules of the Active or Archived tab (newest first), searched by name, filtered by severity, with both tabs' counts",
      params: orgParams,
      querystring: ruleListQuerySchema,
      response: { 200: ruleListResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const page = await service.list(auth.orgId, request.query);
      return { ...page, abilities: abilitiesInApp(auth.abilities, 'alerts') };
    },
  });

  app.post(collection, {
    config: manage,
    schema: {
      tags,
      summary:
        "Create a rule; its scope, actions and recipients must be the organization's (422 naming the field otherwise)",
      params: orgParams,
      body: ruleBodySchema,
      response: { 201: alertRuleSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.body)),
  });

  app.get(`${collection}/export`, {
    config: view,
    schema: {
      tags,
      summary: "The Active tab's rules as a file (format ferrite.alert-rules/1) an import takes back",
      params: orgParams,
      response: { 200: exportResponseSchema, ...errorResponses },
    },
    handler: (request) => service.export(requireAuth(request).orgId),
  });

  app.post(`${collection}/import`, {
    config: manage,
    schema: {
      tags,
      summary:
        "Create every rule of an export, or none: each must name only the organization's sensors, types, assets, gateways, members and groups (422 naming the field)",
      params: orgParams,
      body: rulesExportSchema,
      response: { 201: rulesImportResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.import(actorOf(request), request.body.rules)),
  });

  app.get(item, {
    config: view,
    schema: {
      tags,
      summary: 'One rule, its scope in words, the sensors it covers now and its open alerts',
      params: ruleParams,
      response: { 200: alertRuleSchema, ...errorResponses },
    },
    handler: (request) => service.get(requireAuth(request).orgId, request.params.id),
  });

  app.put(item, {
    config: manage,
    schema: {
      tags,
      summary: "Replace a rule (422 naming the field when it names something not the organization's)",
      params: ruleParams,
      body: ruleBodySchema,
      response: { 200: alertRuleSchema, ...errorResponses },
    },
    handler: (request) => service.update(actorOf(request), request.params.id, request.body),
  });

  app.delete(item, {
    config: manage,
    schema: {
      tags,
      summary: 'Delete a rule; its alerts stay, without their rule',
      params: ruleParams,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.delete(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  for (const [verb, archive] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(`${item}/${verb}`, {
      config: manage,
      schema: {
        tags,
        summary: archive
          ? 'Archive a rule: it is no longer evaluated (409 when already archived)'
          : 'Unarchive a rule (409 when already active)',
        params: ruleParams,
        response: { 200: alertRuleSchema, ...errorResponses },
      },
      handler: (request) => service.setArchived(actorOf(request), request.params.id, archive),
    });
  }
};
