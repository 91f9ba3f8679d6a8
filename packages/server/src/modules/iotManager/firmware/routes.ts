/**
 * Firmware: /iot_mgmt/orgs/{orgId}/firmware (upload as raw bytes, list, delete), its rollouts to
 * gateways, and each gateway's rollouts. The signed public download lives in download.ts.
 */
import { Readable } from 'node:stream';
import {
  firmwareListResponseSchema,
  firmwareParamsSchema,
  firmwareSchema,
  firmwareUploadQuerySchema,
  gatewayParamsSchema,
  orgParamsSchema,
  problemSchema,
  rolloutBodySchema,
  rolloutListResponseSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../platform/http/authContext';
import { mustFindGateway } from '../gateways/checks';
import { GatewayRepository } from '../gateways/repository';
import type { DeviceDeps } from '../ingest/deviceServices';
import { actorOf, errorResponses, HttpProblem, IOT_MGMT_PREFIX, IOT_TAGS, problems } from '../shared';
import { presentRollout } from './presenter';
import { FirmwareRepository } from './repository';
import { startRollout } from './rollouts';
import { FirmwareService } from './service';

const view = { permission: 'iotManager.view' as const };
const manage = { permission: 'iotManager.manageFirmware' as const };
const tags = IOT_TAGS;
const OCTET_STREAM = 'application/octet-stream';

/** Registers the firmware and rollout routes (the raw-bytes parser stays inside this plugin). */
export const firmwareRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const repo = new FirmwareRepository(deps.db);
  const service = new FirmwareService(repo, deps.blobs, deps.log);
  const collection = `${IOT_MGMT_PREFIX}/firmware`;
  const item = `${collection}/:firmwareId`;

  // The body stays a stream: the service checksums it into the blob store without holding 64 MB in memory.
  app.addContentTypeParser(OCTET_STREAM, (_request, payload, done) => done(null, payload));

  app.post(collection, {
    config: manage,
    schema: {
      tags,
      summary: `Upload a firmware file: the raw bytes as ${OCTET_STREAM}, name and version in the query. 409 when that version exists, 413 past the size limit`,
      params: orgParamsSchema,
      querystring: firmwareUploadQuerySchema,
      response: { 201: firmwareSchema, ...errorResponses, 413: problemSchema, 415: problemSchema },
    },
    handler: async (request, reply) => {
      if (!(request.body instanceof Readable)) {
        throw new HttpProblem(415, 'Unsupported media type', `Send the firmware file as ${OCTET_STREAM}`);
      }
      const length = Number(request.headers['content-length']);
      const firmware = await service.upload(
        actorOf(request),
        request.query,
        request.body,
        Number.isFinite(length) ? length : null,
      );
      return reply.status(201).send(firmware);
    },
  });

  app.get(collection, {
    config: view,
    schema: {
      tags,
      summary: "The organization's firmware files, newest first, with size and SHA-256",
      params: orgParamsSchema,
      response: { 200: firmwareListResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({ firmware: await service.list(requireAuth(request).orgId) }),
  });

  app.delete(item, {
    config: manage,
    schema: {
      tags,
      summary: 'Delete a firmware file with its rollouts',
      params: firmwareParamsSchema,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.delete(actorOf(request), request.params.firmwareId);
      return reply.status(204).send(null);
    },
  });

  app.post(`${item}/rollouts`, {
    config: manage,
    schema: {
      tags,
      summary:
        'Offer the firmware to active gateways: a firmware_update command with a signed download link per gateway. 422 names any id that is not an active gateway of the organization; nothing is written then',
      params: firmwareParamsSchema,
      body: rolloutBodySchema,
      response: { 201: rolloutListResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const rollouts = await startRollout(
        repo,
        deps,
        actorOf(request),
        request.params.firmwareId,
        request.body.gateway_ids,
      );
      return reply.status(201).send({ rollouts });
    },
  });

  app.get(`${item}/rollouts`, {
    config: view,
    schema: {
      tags,
      summary: "The firmware's rollouts, newest first, with each gateway's progress",
      params: firmwareParamsSchema,
      response: { 200: rolloutListResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { orgId } = requireAuth(request);
      if (!(await repo.findById(orgId, request.params.firmwareId))) throw problems.notFound('Firmware');
      const rows = await repo.rollouts(orgId, { firmwareId: request.params.firmwareId });
      return { rollouts: rows.map(presentRollout) };
    },
  });

  app.get(`${IOT_MGMT_PREFIX}/gateways/:id/rollouts`, {
    config: view,
    schema: {
      tags,
      summary: "The gateway's firmware rollouts, newest first",
      params: gatewayParamsSchema,
      response: { 200: rolloutListResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { orgId } = requireAuth(request);
      await mustFindGateway(new GatewayRepository(deps.db), orgId, request.params.id);
      const rows = await repo.rollouts(orgId, { gatewayId: request.params.id });
      return { rollouts: rows.map(presentRollout) };
    },
  });
};
