/**
 * Silences (maintenance windows): /alert/orgs/{orgId}/silences (list, create) and /silences/{id}
 * (delete). While one covers an alert its notifications are muted (match.ts, read by notifications).
 */
import {
  pageQuerySchema,
  type Silence,
  type SilenceMatcher,
  silenceBodySchema,
  silenceListResponseSchema,
  silenceSchema,
  uuidParam,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../platform/http/authContext';
import { pageWindow } from '../../../platform/http/paging';
import { unprocessable } from '../../../platform/http/problem';
import { iso } from '../../../platform/isoTime';
import type { DeviceDeps } from '../../iotManager';
import { ALERT_PREFIX, ALERT_TAGS, activityBase, actorOf, errorResponses, problems } from '../shared';
import { type ListedSilence, SilenceRepository } from './repository';

const view = { permission: 'alerts.view' as const };
const manage = { permission: 'alerts.manageRules' as const };
const tags = ALERT_TAGS;
const orgParams = z.object({ orgId: uuidParam('orgId') });
const silenceParams = z.object({ orgId: uuidParam('orgId'), id: uuidParam('id') });

function matcherOf(row: ListedSilence): SilenceMatcher {
  if (row.matcher_kind === 'rule') return { kind: 'rule', rule_id: row.matcher_id };
  if (row.matcher_kind === 'asset') return { kind: 'asset', asset_id: row.matcher_id };
  return { kind: 'sensor', sensor_id: row.matcher_id };
}

/** What a matcher names, in words: "Rule Too hot", "Everything under Hall A", "Sensor P-101". */
export function silenceLabel(kind: string, name: string | null): string {
  const shown = name ?? '(deleted)';
  return kind === 'rule'
    ? `Rule ${shown}`
    : kind === 'asset'
      ? `Everything under ${shown}`
      : `Sensor ${shown}`;
}

function present(row: ListedSilence): Silence {
  return {
    id: row.id,
    matcher: matcherOf(row),
    label: silenceLabel(row.matcher_kind, row.matcher_name),
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    comment: row.comment,
    created_by:
      row.created_by && row.created_by_name !== null
        ? { id: row.created_by, name: row.created_by_name }
        : null,
    created_at: iso(row.created_at),
  };
}

/** Registers the silence routes. */
export const silenceRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const repo = new SilenceRepository(deps.db);
  const collection = `${ALERT_PREFIX}/silences`;

  app.get(collection, {
    config: view,
    schema: {
      tags,
      summary: 'Silences, the latest ending first, each with what it matches in words',
      params: orgParams,
      querystring: pageQuerySchema,
      response: { 200: silenceListResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const page = await repo.page(requireAuth(request).orgId, pageWindow(request.query));
      return { silences: page.rows.map(present), total_entries: page.total };
    },
  });

  app.post(collection, {
    config: manage,
    schema: {
      tags,
      summary:
        "Silence a rule, an asset (with everything under it) or a sensor between two times; it must be the organization's (422 otherwise)",
      params: orgParams,
      body: silenceBodySchema,
      response: { 201: silenceSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const { matcher, starts_at, ends_at, comment } = request.body;
      const [field, matcherId] =
        matcher.kind === 'rule'
          ? ['rule_id', matcher.rule_id]
          : matcher.kind === 'asset'
            ? ['asset_id', matcher.asset_id]
            : ['sensor_id', matcher.sensor_id];
      const name = await repo.matcherName(actor.orgId, matcher.kind, matcherId);
      if (name === null)
        throw unprocessable([
          { path: `body.matcher.${field}`, message: `No such ${matcher.kind} in this organization` },
        ]);
      const id = await repo.transaction(async (trx) => {
        const silenceId = await trx.insert(actor.orgId, actor.userId, {
          matcher_kind: matcher.kind,
          matcher_id: matcherId,
          starts_at: new Date(starts_at),
          ends_at: new Date(ends_at),
          comment,
        });
        await trx.recordActivity({
          ...activityBase(actor, 'alert_silence', silenceId),
          action: 'created',
          summary: `Silenced alerts of ${silenceLabel(matcher.kind, name)} from ${starts_at} to ${ends_at}`,
          after: request.body,
        });
        return silenceId;
      });
      const row = await repo.find(actor.orgId, id);
      return reply.status(201).send(present(row as ListedSilence));
    },
  });

  app.delete(`${collection}/:id`, {
    config: manage,
    schema: {
      tags,
      summary: 'Delete a silence: notifications of what it matched resume',
      params: silenceParams,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      await repo.transaction(async (trx) => {
        if (!(await trx.delete(actor.orgId, request.params.id))) throw problems.notFound('Silence');
        await trx.recordActivity({
          ...activityBase(actor, 'alert_silence', request.params.id),
          action: 'deleted',
          summary: 'Deleted a silence',
        });
      });
      return reply.status(204).send(null);
    },
  });
};
