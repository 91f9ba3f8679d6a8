/**
 * The widget catalogue: GET /dash_mgmt/widgets/filtered and GET /dash_mgmt/widgets/{id}. Public on
 * purpose: it is the product's static list of variants (no tenant data), and the shared view, whose
 * holders have no account, draws its widgets from it too.
 */
import {
  WIDGET_VARIANTS,
  type WidgetVariant,
  widgetCatalogueQuerySchema,
  widgetCatalogueResponseSchema,
  widgetVariantParamsSchema,
  widgetVariantSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/http/deps';
import { DASH_TAGS, errorResponses, problems } from '../shared';

const KINDS = [...new Set(WIDGET_VARIANTS.map((v) => v.kind))];
const CATEGORIES = [...new Set(WIDGET_VARIANTS.map((v) => v.category))];

/** True when the variant matches every given filter; text matches name, kind, category or description. */
export function matchesFilter(
  variant: WidgetVariant,
  filter: { kind?: string | undefined; category?: string | undefined; search?: string | undefined },
): boolean {
  if (filter.kind && variant.kind !== filter.kind) return false;
  if (filter.category && variant.category !== filter.category) return false;
  const text = filter.search?.toLowerCase();
  if (!text) return true;
  return [variant.name, variant.kind, variant.category, variant.description, variant.id].some((field) =>
    field.toLowerCase().includes(text),
  );
}

/** Registers the catalogue routes. */
export const catalogueRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  const tags = [...DASH_TAGS, 'widgets'];

  app.get('/dash_mgmt/widgets/filtered', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Widget variants of the catalogue, filtered by kind, category and text, in catalogue order',
      querystring: widgetCatalogueQuerySchema,
      response: { 200: widgetCatalogueResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { page_number: page, page_size: size, ...filter } = request.query;
      const matching = WIDGET_VARIANTS.filter((variant) => matchesFilter(variant, filter));
      return {
        widgets: matching.slice((page - 1) * size, page * size),
        total_entries: matching.length,
        kinds: KINDS,
        categories: CATEGORIES,
      };
    },
  });

  app.get('/dash_mgmt/widgets/:id', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'One widget variant with its default config',
      params: widgetVariantParamsSchema,
      response: { 200: widgetVariantSchema, ...errorResponses },
    },
    handler: async (request) => {
      const variant = WIDGET_VARIANTS.find((v) => v.id === request.params.id);
      if (!variant) throw problems.notFound('Widget');
      return variant;
    },
  });
};
