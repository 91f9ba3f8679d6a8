/**
 * Logic chains of a project (spec §7): /stream_process/{projectId}/pipelines (list, create),
 * /pipelines/{pipelineId} (read, deploy by revision, delete), its versions and rollback, and
 * /pipelines/validate. The project must be the caller's organization's (404 otherwise, checked
 * before the body by the module's project scope).
 */
import {
  createPipelineSchema,
  type Permission,
  pipelineListQuerySchema,
  pipelineListResponseSchema,
  pipelineParamsSchema,
  pipelineSchema,
  pipelineVersionDetailSchema,
  pipelineVersionsResponseSchema,
  projectPipelinesParamsSchema,
  rollbackSchema,
  updatePipelineSchema,
  validateChainResponseSchema,
  validateChainSchema,
  versionParamsSchema,
} from '@ferrite/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../platform/http/authContext';
import type { DeviceDeps } from '../../iotManager';
import { streamServicesFor } from '../runtime/chainRuntime';
import { actorOf, errorResponses, STREAM_PREFIX, STREAM_TAGS } from '../shared';
import { answeringRefusals, deployRefusalResponses } from './refusals';
import { PipelineRepository } from './repository';
import { PipelineService } from './service';

const view = { permission: 'streamLogic.view' as const };
const edit = { permission: 'streamLogic.editChains' as const };
const deploy = { permission: 'streamLogic.deploy' as const };
const tags = STREAM_TAGS;
const deployErrors = { ...errorResponses, ...deployRefusalResponses };

const canDeploy = (request: FastifyRequest) =>
  requireAuth(request).abilities.permissions.has('streamLogic.deploy' satisfies Permission);

/** Registers the chain routes. */
export const pipelineRoutes: FastifyPluginAsyncZod<DeviceDeps> = async (app, deps) => {
  const service = new PipelineService(new PipelineRepository(deps.db), deps, () => streamServicesFor(deps));
  const collection = `${STREAM_PREFIX}/:projectId/pipelines`;
  const item = `${collection}/:pipelineId`;

  app.get(collection, {
    config: view,
    schema: {
      tags,
      summary: "A project's chains (last changed first), searched by name, by status, with the tabs' counts",
      params: projectPipelinesParamsSchema,
      querystring: pipelineListQuerySchema,
      response: { 200: pipelineListResponseSchema, ...errorResponses },
    },
    handler: (request) => service.list(requireAuth(request).orgId, request.params.projectId, request.query),
  });

  app.post(collection, {
    config: edit,
    schema: {
      tags,
      summary:
        'Create a chain at revision 1 (validated: 422 with each problem at its node; starting it needs streamLogic.deploy)',
      params: projectPipelinesParamsSchema,
      body: createPipelineSchema,
      response: { 201: pipelineSchema, ...deployErrors },
    },
    handler: (request, reply) =>
      answeringRefusals(reply, async () =>
        reply
          .status(201)
          .send(
            await service.create(
              actorOf(request),
              request.params.projectId,
              request.body,
              canDeploy(request),
            ),
          ),
      ),
  });

  app.post(`${collection}/validate`, {
    config: view,
    schema: {
      tags,
      summary: 'Check a chain without deploying it: every problem, each pointing at its node or connection',
      params: projectPipelinesParamsSchema,
      body: validateChainSchema,
      response: { 200: validateChainResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      problems: await service.problemsOf(
        requireAuth(request).orgId,
        request.params.projectId,
        request.body,
        true,
      ),
    }),
  });

  app.get(item, {
    config: view,
    schema: {
      tags,
      summary: 'One chain with its nodes, connections, revision and debug settings',
      params: pipelineParamsSchema,
      response: { 200: pipelineSchema, ...errorResponses },
    },
    handler: (request) =>
      service.get(requireAuth(request).orgId, request.params.projectId, request.params.pipelineId),
  });

  app.patch(item, {
    config: edit,
    schema: {
      tags,
      summary:
        'Deploy a change of the revision it carries (409 saying who changed it when stale; 422 with its problems); enabling, disabling or changing a running chain needs streamLogic.deploy',
      params: pipelineParamsSchema,
      body: updatePipelineSchema,
      response: { 200: pipelineSchema, ...deployErrors },
    },
    handler: (request, reply) =>
      answeringRefusals(reply, () =>
        service.update(
          actorOf(request),
          request.params.projectId,
          request.params.pipelineId,
          request.body,
          canDeploy(request),
        ),
      ),
  });

  app.delete(item, {
    config: edit,
    schema: {
      tags,
      summary: 'Delete a chain with its versions and trace; it stops on every node',
      params: pipelineParamsSchema,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await service.delete(actorOf(request), request.params.projectId, request.params.pipelineId);
      return reply.status(204).send(null);
    },
  });

  app.get(`${item}/versions`, {
    config: view,
    schema: {
      tags,
      summary: 'Every deployed version of a chain, newest first, each with its diff',
      params: pipelineParamsSchema,
      response: { 200: pipelineVersionsResponseSchema, ...errorResponses },
    },
    handler: (request) =>
      service.versions(requireAuth(request).orgId, request.params.projectId, request.params.pipelineId),
  });

  app.get(`${item}/versions/:revision`, {
    config: view,
    schema: {
      tags,
      summary: 'One deployed version of a chain with its graph',
      params: versionParamsSchema,
      response: { 200: pipelineVersionDetailSchema, ...errorResponses },
    },
    handler: (request) =>
      service.version(
        requireAuth(request).orgId,
        request.params.projectId,
        request.params.pipelineId,
        request.params.revision,
      ),
  });

  app.post(`${item}/versions/:revision/rollback`, {
    config: deploy,
    schema: {
      tags,
      summary:
        'Deploy an old version as a new revision; the body carries the revision it replaces (409 when stale)',
      params: versionParamsSchema,
      body: rollbackSchema,
      response: { 200: pipelineSchema, ...deployErrors },
    },
    handler: (request, reply) =>
      answeringRefusals(reply, () =>
        service.rollback(
          actorOf(request),
          request.params.projectId,
          request.params.pipelineId,
          request.params.revision,
          request.body.revision,
        ),
      ),
  });
};
