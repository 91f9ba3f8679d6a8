/** The widget catalogue as the Dashboards app reads it: GET /dash_mgmt/widgets/filtered and /widgets/{id}. */
import { z } from 'zod';
import { PAGE_NUMBER_MAX } from '../lists';
import { nameText } from '../text';
import { widgetVariantIdSchema } from './widgetInstances';

/** One variant of the catalogue: a widget kind with a preset of defaults. */
export const widgetVariantSchema = z.object({
  id: z.string(),
  kind: z.string(),
  preset: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  defaults: z.unknown(),
});
export type WidgetVariantDto = z.infer<typeof widgetVariantSchema>;

/** Filters by kind, category and text (name, kind, category, description); pages of up to 500. */
export const widgetCatalogueQuerySchema = z.object({
  kind: nameText('kind', 60).optional(),
  category: nameText('category', 60).optional(),
  search: nameText('search').optional(),
  page_number: z.coerce.number().int().min(1).max(PAGE_NUMBER_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});

/** One page of the catalogue with the kinds and categories to filter by. */
export const widgetCatalogueResponseSchema = z.object({
  widgets: z.array(widgetVariantSchema),
  total_entries: z.number().int(),
  /** Every kind and category of the whole catalogue, for the filter pickers. */
  kinds: z.array(z.string()),
  categories: z.array(z.string()),
});
export type WidgetCatalogueResponse = z.infer<typeof widgetCatalogueResponseSchema>;

/** {id}: a variant id of the catalogue. */
export const widgetVariantParamsSchema = z.object({ id: widgetVariantIdSchema });
