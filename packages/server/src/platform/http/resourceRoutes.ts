/**
 * The routes of an organization-owned resource in the style of spec §7: list, create, read, replace,
 * delete and (when the service can) archive and unarchive. Modules describe their resource once
 * here instead of writing the same seven routes again.
 */
import { type AppKey, orgItemParamsSchema, orgParamsSchema, type Permission } from '@ferrite/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { abilitiesInApp } from '../authorization/abilities';
import { type Actor, actorOf } from './actor';
import { requireAuth } from './authContext';
import { problemResponses } from './problemResponses';

export type { Actor };

/** What a resource's service offers; archive and unarchive are optional. */
export interface ResourceService<Item, Body, Query, Page> {
  list(orgId: string, query: Query): Promise<Page>;
  get(orgId: string, id: string): Promise<Item>;
  create(actor: Actor, body: Body): Promise<Item>;
  update(actor: Actor, id: string, body: Body): Promise<Item>;
  delete(actor: Actor, id: string): Promise<void>;
  archive?(actor: Actor, id: string): Promise<Item>;
  unarchive?(actor: Actor, id: string): Promise<Item>;
}

type Operation = 'list' | 'create' | 'get' | 'update' | 'delete';

export interface ResourceRoutesOptions<
  ItemS extends z.ZodType,
  BodyS extends z.ZodType,
  QueryS extends z.ZodType,
  PageS extends z.ZodType,
> {
  /** The app whose abilities the list reports, and the OpenAPI tag. */
  app: AppKey;
  /** The collection path with `:orgId`, e.g. '/role_mgmt/orgs/:orgId/projects'. */
  path: string;
  permissions: { view: Permission; manage: Permission };
  schemas: { item: ItemS; body: BodyS; listQuery: QueryS; listResponse: PageS };
  /** One line per operation for the OpenAPI document. */
  summaries: Record<Operation, string> & Partial<Record<'archive' | 'unarchive', string>>;
  service: ResourceService<
    z.infer<ItemS>,
    z.infer<BodyS>,
    z.infer<QueryS>,
    Omit<z.infer<PageS>, 'abilities'>
  >;
}

type ItemParams = { orgId: string; id: string };

const errors = problemResponses(400, 401, 403, 404, 409);

/** Registers the resource's routes on the (prefixed) app. */
export function registerResourceRoutes<
  ItemS extends z.ZodType,
  BodyS extends z.ZodType,
  QueryS extends z.ZodType,
  PageS extends z.ZodType,
>(fastify: FastifyInstance, options: ResourceRoutesOptions<ItemS, BodyS, QueryS, PageS>): void {
  // Generic schemas defeat the zod type provider's inference; the route schemas still validate every
  // request and serialize every response at run time, so the handlers cast what those checks proved.
  const app = fastify;
  const { path, service, schemas, summaries } = options;
  const tags = [options.app];
  const view = { permission: options.permissions.view };
  const manage = { permission: options.permissions.manage };
  const item = `${path}/:id`;

  app.get(path, {
    config: view,
    schema: {
      tags,
      summary: summaries.list,
      params: orgParamsSchema,
      querystring: schemas.listQuery,
      response: { 200: schemas.listResponse, ...errors },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const page = await service.list(auth.orgId, request.query as z.infer<QueryS>);
      return { ...page, abilities: abilitiesInApp(auth.abilities, options.app) };
    },
  });

  app.post(path, {
    config: manage,
    schema: {
      tags,
      summary: summaries.create,
      params: orgParamsSchema,
      body: schemas.body,
      response: { 201: schemas.item, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(actorOf(request), request.body as z.infer<BodyS>)),
  });

  app.get(item, {
    config: view,
    schema: {
      tags,
      summary: summaries.get,
      params: orgItemParamsSchema,
      response: { 200: schemas.item, ...errors },
    },
    handler: (request) => service.get(requireAuth(request).orgId, (request.params as ItemParams).id),
  });

  app.put(item, {
    config: manage,
    schema: {
      tags,
      summary: summaries.update,
      params: orgItemParamsSchema,
      body: schemas.body,
      response: { 200: schemas.item, ...errors },
    },
    handler: (request) =>
      service.update(actorOf(request), (request.params as ItemParams).id, request.body as z.infer<BodyS>),
  });

  app.delete(item, {
    config: manage,
    schema: {
      tags,
      summary: summaries.delete,
      params: orgItemParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.delete(actorOf(request), (request.params as ItemParams).id);
      return reply.status(204).send(null);
    },
  });

  const { archive, unarchive } = service;
  for (const [verb, act] of [
    ['archive', archive],
    ['unarchive', unarchive],
  ] as const) {
    if (!act) continue;
    app.post(`${item}/${verb}`, {
      config: manage,
      schema: {
        tags,
        summary: summaries[verb] ?? verb,
        params: orgItemParamsSchema,
        response: { 200: schemas.item, ...errors },
      },
      handler: (request) => act.call(service, actorOf(request), (request.params as ItemParams).id),
    });
  }
}
