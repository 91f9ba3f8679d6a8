/**
 * HTTPS ingest: a device posts readings and heartbeats with its access token as bearer, polls its
 * commands and answers them. Bodies are taken raw so a malformed payload reaches the gateway log
 * with the reason instead of being refused by the JSON parser before anyone sees it.
 */
import { ingestResultSchema, uuidParam } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../../../../platform/http/authContext';
import { HttpProblem, problems } from '../../../../platform/http/problem';
import { problemResponses } from '../../../../platform/http/problemResponses';
import type { DeviceDeps } from '../deviceServices';
import type { IngestGateway } from '../gatewayDirectory';
import { refusalMessage } from '../ingestService';

/** Largest body one ingest call may carry. */
export const HTTP_INGEST_MAX_BYTES = 1024 * 1024;

const tags = ['device ingest'];
const errors = problemResponses(400, 401, 403, 404, 409, 422);
const gatewayParams = z.object({ gatewayUuid: uuidParam('gatewayUuid') });
const commandParams = gatewayParams.extend({ commandId: uuidParam('commandId') });
const device = { access: 'public' as const, deviceTraffic: true as const };

/** Registers POST /ingest/{uuid}, …/heartbeat, GET …/commands and POST …/commands/{id}/ack. */
export const ingestHttpRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  // Devices call these many times a second; the gateway log records them, the request log would drown.
  app.addHook('onRoute', (route) => {
    route.logLevel = 'warn';
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: HTTP_INGEST_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  const gatewayOf = async (uuid: string, token: string | null): Promise<IngestGateway> => {
    const outcome = await deps.ingest.authenticate(uuid, token);
    if (outcome === 'archived') throw problems.forbidden(refusalMessage(outcome));
    if (typeof outcome === 'string') throw problems.unauthorized(refusalMessage(outcome));
    return outcome;
  };
  const rawBody = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  app.post('/ingest/:gatewayUuid', {
    config: device,
    schema: {
      tags,
      summary: 'Device telemetry: one reading or an array of readings, the access token as bearer',
      params: gatewayParams,
      response: { 200: ingestResultSchema, ...errors },
    },
    handler: async (request) => {
      const gateway = await gatewayOf(request.params.gatewayUuid, bearerToken(request));
      const outcome = await deps.ingest.telemetry(gateway, rawBody(request.body), 'http');
      if (outcome.malformed) throw problems.badRequest(outcome.problems[0] ?? 'Malformed JSON');
      if (outcome.unmapped) {
        throw new HttpProblem(422, 'Payload not mapped', outcome.problems.join('; '));
      }
      return { accepted: outcome.accepted, readings: outcome.readings, problems: outcome.problems };
    },
  });

  app.post('/ingest/:gatewayUuid/heartbeat', {
    config: device,
    schema: {
      tags,
      summary: 'Device heartbeat: marks the gateway online',
      params: gatewayParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const gateway = await gatewayOf(request.params.gatewayUuid, bearerToken(request));
      const body = rawBody(request.body);
      deps.ingest.heartbeat(gateway, body.length > 0 ? body : null, 'http');
      return reply.status(204).send(null);
    },
  });

  app.get('/ingest/:gatewayUuid/commands', {
    config: device,
    schema: {
      tags,
      summary: "The gateway's pending commands, marked delivered",
      params: gatewayParams,
      response: { 200: z.object({ commands: z.array(z.any()) }), ...errors },
    },
    handler: async (request) => {
      const gateway = await gatewayOf(request.params.gatewayUuid, bearerToken(request));
      deps.ingest.presence.touch(gateway);
      return { commands: await deps.deviceCommands.takePending(gateway, 'http') };
    },
  });

  app.post('/ingest/:gatewayUuid/commands/:commandId/ack', {
    config: device,
    schema: {
      tags,
      summary: "The device's answer to a command: ok, error or progress",
      params: commandParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const gateway = await gatewayOf(request.params.gatewayUuid, bearerToken(request));
      let body: unknown;
      try {
        body = JSON.parse(rawBody(request.body).toString('utf8') || '{}');
      } catch {
        throw problems.badRequest('The acknowledgement is not JSON');
      }
      const withId =
        body && typeof body === 'object' && !Array.isArray(body)
          ? { ...body, id: request.params.commandId }
          : body;
      const outcome = await deps.deviceCommands.acknowledge(gateway, withId, 'http');
      if (!outcome.ok)
        throw new HttpProblem(
          outcome.status,
          outcome.status === 404 ? 'Not found' : 'Invalid acknowledgement',
          outcome.message,
        );
      return reply.status(204).send(null);
    },
  });
};
