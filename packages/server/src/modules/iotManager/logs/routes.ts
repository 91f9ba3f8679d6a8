/** A gateway's latest log: GET and DELETE /iot_mgmt/orgs/{orgId}/gateways/{id}/logs. */
import {
  gatewayLogsQuerySchema,
  gatewayLogsResponseSchema,
  gatewayParamsSchema,
  SOCKET_EVENTS,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordActivity } from '../../../platform/audit/activity';
import { requireAuth } from '../../../platform/http/authContext';
import { mustFindGateway } from '../gateways/checks';
import { GatewayRepository } from '../gateways/repository';
import type { DeviceDeps } from '../ingest/deviceServices';
import { presentGatewayLog } from '../ingest/gatewayLogSink';
import { activityBase, actorOf, errorResponses, gatewayRoom, IOT_MGMT_PREFIX, IOT_TAGS } from '../shared';
import { GatewayLogRepository } from './repository';

/** Registers the gateway log routes. */
export const gatewayLogRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const gateways = new GatewayRepository(deps.db);
  const path = `${IOT_MGMT_PREFIX}/gateways/:id/logs`;

  app.get(path, {
    config: { permission: 'iotManager.view' },
    schema: {
      tags: IOT_TAGS,
      summary:
        "The gateway's log, newest first: traffic, refusals with their reason, commands and firmware steps",
      params: gatewayParamsSchema,
      querystring: gatewayLogsQuerySchema,
      response: { 200: gatewayLogsResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { orgId } = requireAuth(request);
      await mustFindGateway(gateways, orgId, request.params.id);
      const rows = await new GatewayLogRepository(deps.db).latest(orgId, request.params.id, request.query);
      return { logs: rows.map(presentGatewayLog) };
    },
  });

  app.delete(path, {
    config: { permission: 'iotManager.deleteLogs' },
    schema: {
      tags: IOT_TAGS,
      summary: "Delete the gateway's whole log (spec §5: 'Are you sure you want to delete logs data?')",
      params: gatewayParamsSchema,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const gatewayId = request.params.id;
      // Lines still queued in the sink would land after the delete and survive it.
      await deps.gatewayLogs.flush();
      await deps.db.transaction().execute(async (trx) => {
        const gateway = await mustFindGateway(new GatewayRepository(trx), actor.orgId, gatewayId);
        const deleted = await new GatewayLogRepository(trx).clear(actor.orgId, gatewayId);
        await recordActivity(trx, {
          ...activityBase(actor, 'gateway_logs', gatewayId),
          action: 'deleted',
          summary: `Deleted ${deleted === 1 ? '1 log line' : `${deleted} log lines`} of gateway "${gateway.name}"`,
        });
      });
      deps.realtime.emit(gatewayRoom(actor.orgId, gatewayId), SOCKET_EVENTS.gatewayLogsCleared, {
        gateway_id: gatewayId,
      });
      return reply.status(204).send(null);
    },
  });
};
