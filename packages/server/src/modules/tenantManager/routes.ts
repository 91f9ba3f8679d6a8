/** Tenant Manager API (platform admins only): organizations and sign-up requests under /tenant_mgmt. */
import {
  idParamsSchema,
  listOrganizationsQuerySchema,
  listOrganizationsResponseSchema,
  listOrgRequestsQuerySchema,
  listOrgRequestsResponseSchema,
  organizationBodySchema,
  organizationSchema,
  orgRequestDetailSchema,
  rejectOrgRequestBodySchema,
  updateOrganizationBodySchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/authContext';
import { type AppDeps, requestBrand } from '../../platform/http/deps';
import { problemResponses } from '../../platform/http/problemResponses';
import { announceSessionsEnded } from '../../platform/realtime/sessionEnds';
import { approveOrgRequest, type DecisionContext } from './commands/approveOrgRequest';
import { rejectOrgRequest } from './commands/rejectOrgRequest';
import { TenantRepository } from './repository';
import { TenantService } from './service';

const tags = ['tenantManager'];
const platformAdmin = { access: 'platformAdmin' as const };
const errors = problemResponses(400, 401, 403, 404, 409);

/** Registers the Tenant Manager routes. */
export const tenantManagerRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repo = new TenantRepository(deps.db);
  const service = new TenantService(repo);
  const decisionContext = (request: Parameters<typeof requestBrand>[0]): DecisionContext => ({
    mailer: deps.mailer,
    log: request.log,
    publicUrl: deps.config.publicUrl,
    brand: requestBrand(request, deps.config),
  });

  app.get('/tenant_mgmt/orgs', {
    config: platformAdmin,
    schema: {
      tags,
      summary: 'Organizations on the platform: one page of the Active or Archived tab',
      querystring: listOrganizationsQuerySchema,
      response: { 200: listOrganizationsResponseSchema, ...errors },
    },
    handler: (request) => service.listOrgs(request.query),
  });

  app.post('/tenant_mgmt/orgs', {
    config: platformAdmin,
    schema: {
      tags,
      summary: 'Create an organization; its URL must be free (409 otherwise); the creator becomes its admin',
      body: organizationBodySchema,
      response: { 201: organizationSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.createOrg(requireAuth(request), request.body)),
  });

  app.get('/tenant_mgmt/orgs/:id', {
    config: platformAdmin,
    schema: {
      tags,
      summary: 'One organization',
      params: idParamsSchema,
      response: { 200: organizationSchema, ...errors },
    },
    handler: (request) => service.getOrg(request.params.id),
  });

  app.put('/tenant_mgmt/orgs/:id', {
    config: platformAdmin,
    schema: {
      tags,
      summary: 'Change the name, URL, apps or limits of an organization',
      params: idParamsSchema,
      body: updateOrganizationBodySchema,
      response: { 200: organizationSchema, ...errors },
    },
    handler: (request) => service.updateOrg(requireAuth(request), request.params.id, request.body),
  });

  app.post('/tenant_mgmt/orgs/:id/archive', {
    config: platformAdmin,
    schema: {
      tags,
      summary: 'Archive an organization: nobody can sign in to it until it is unarchived',
      params: idParamsSchema,
      response: { 200: organizationSchema, ...errors },
    },
    handler: async (request) => {
      const archived = await service.setArchived(requireAuth(request), request.params.id, true);
      // Committed: its members' sockets close on every node.
      await announceSessionsEnded(deps.bus, { orgId: request.params.id }, 'organization_archived');
      return archived;
    },
  });

  app.post('/tenant_mgmt/orgs/:id/unarchive', {
    config: platformAdmin,
    schema: {
      tags,
      summary: 'Unarchive an organization',
      params: idParamsSchema,
      response: { 200: organizationSchema, ...errors },
    },
    handler: (request) => service.setArchived(requireAuth(request), request.params.id, false),
  });

  app.get('/tenant_mgmt/requests', {
    config: platformAdmin,
    schema: {
      tags,
      summary: 'Sign-up requests in one status, with the totals per status',
      querystring: listOrgRequestsQuerySchema,
      response: { 200: listOrgRequestsResponseSchema, ...errors },
    },
    handler: (request) => service.listRequests(request.query),
  });

  app.post('/tenant_mgmt/requests/:id/approve', {
    config: platformAdmin,
    schema: {
      tags,
      summary:
        'Approve a pending request: creates the organization, makes the requester its admin, mails them',
      params: idParamsSchema,
      response: { 200: orgRequestDetailSchema, ...errors },
    },
    handler: (request) =>
      approveOrgRequest(repo, requireAuth(request), request.params.id, decisionContext(request)),
  });

  app.post('/tenant_mgmt/requests/:id/reject', {
    config: platformAdmin,
    schema: {
      tags,
      summary: 'Reject a pending request; the requester is mailed the reason',
      params: idParamsSchema,
      body: rejectOrgRequestBodySchema,
      response: { 200: orgRequestDetailSchema, ...errors },
    },
    handler: (request) =>
      rejectOrgRequest(
        repo,
        requireAuth(request),
        request.params.id,
        request.body.reason,
        decisionContext(request),
      ),
  });
};
