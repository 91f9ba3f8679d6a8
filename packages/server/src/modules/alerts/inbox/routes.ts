/**
 * The in-app inbox: /alert/orgs/{orgId}/inbox/unread (the bell's count of the caller's unread in-app
 * notifications) and /inbox/read (marks all of them read, or those of some alerts).
 */
import { inboxReadBodySchema, inboxUnreadResponseSchema, uuidParam } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../platform/http/authContext';
import type { DeviceDeps } from '../../iotManager';
import { ALERT_PREFIX, ALERT_TAGS, errorResponses } from '../shared';
import { InboxRepository } from './repository';

const view = { permission: 'alerts.view' as const };
const tags = ALERT_TAGS;
const orgParams = z.object({ orgId: uuidParam('orgId') });

/** Registers the inbox routes. */
export const inboxRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const repo = new InboxRepository(deps.db);

  app.get(`${ALERT_PREFIX}/inbox/unread`, {
    config: view,
    schema: {
      tags,
      summary: "How many of the caller's in-app alert notifications are unread",
      params: orgParams,
      response: { 200: inboxUnreadResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      return { unread: await repo.unread(auth.orgId, auth.userId) };
    },
  });

  app.post(`${ALERT_PREFIX}/inbox/read`, {
    config: view,
    schema: {
      tags,
      summary:
        "Mark the caller's in-app notifications read: all, or those of the alerts given; answers how many stay unread",
      params: orgParams,
      body: inboxReadBodySchema,
      response: { 200: inboxUnreadResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      await repo.markRead(auth.orgId, auth.userId, request.body.alert_ids);
      return { unread: await repo.unread(auth.orgId, auth.userId) };
    },
  });
};
