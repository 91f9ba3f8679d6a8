/**
 * Panels and subpanels. A dashboard is an ordered list of panels (its tabs); each panel is a grid
 * (react-grid-layout) holding subpanels, widgets and command widgets. A subpanel is a titled box in
 * that grid with a grid of its own for the widgets placed in it.
 */
import { z } from 'zod';
import { uuidParam } from '../lists';
import { nameText } from '../text';
import { layoutItemSchema, layoutPlacementSchema } from './layout';

const name = (what: string) =>
  nameText(`${what[0]?.toUpperCase()}${what.slice(1)} name`).min(1, { error: `Please enter a ${what} name` });
const order = z.number().int().min(0).max(10_000);

/** A panel as the API answers it; `order` is its place among the dashboard's panels. */
export const panelSchema = z.object({
  id: z.string().uuid(),
  dashboard_id: z.string().uuid(),
  name: z.string(),
  order: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Panel = z.infer<typeof panelSchema>;

/**
 * Create and replace body. `order` defaults to after the last panel. `layout`, when given, moves and
 * resizes the panel's children in one write (after a drag or a resize): each item's `i` is the id of a
 * subpanel, widget instance or command widget of this panel.
 */
export const panelBodySchema = z
  .object({
    name: name('panel'),
    order: order.optional(),
    layout: z.array(layoutItemSchema).max(1_000).optional(),
  })
  .strict();
export type PanelBody = z.input<typeof panelBodySchema>;

/** A subpanel with its item in the panel's grid. */
export const subpanelSchema = z.object({
  id: z.string().uuid(),
  panel_id: z.string().uuid(),
  name: z.string(),
  order: z.number().int(),
  layout: layoutItemSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Subpanel = z.infer<typeof subpanelSchema>;

/** Create and replace body of a subpanel; order defaults to after the last one. */
export const subpanelBodySchema = z
  .object({ name: name('subpanel'), order: order.optional(), layout: layoutPlacementSchema.optional() })
  .strict();
export type SubpanelBody = z.input<typeof subpanelBodySchema>;

/** A dashboard's panels in order. */
export const panelListResponseSchema = z.object({ panels: z.array(panelSchema) });
/** A panel's subpanels in order. */
export const subpanelListResponseSchema = z.object({ subpanels: z.array(subpanelSchema) });

/** {orgId}, {dashboardId}, {id} of one panel. */
export const panelParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  dashboardId: uuidParam('dashboardId'),
  id: uuidParam('id'),
});
/** {orgId}, {dashboardId}, {panelId} of a panel's subpanels. */
export const subpanelCollectionParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  dashboardId: uuidParam('dashboardId'),
  panelId: uuidParam('panelId'),
});
/** {orgId}, {dashboardId}, {panelId}, {id} of one subpanel. */
export const subpanelParamsSchema = subpanelCollectionParamsSchema.extend({ id: uuidParam('id') });
/** {orgId}, {panelId} of routes that name a panel alone. */
export const panelOnlyParamsSchema = z.object({ orgId: uuidParam('orgId'), panelId: uuidParam('panelId') });

/** POST /panels/{panelId}/duplicate_widgets: copies of some widgets of this panel into a panel. */
export const duplicateWidgetsBodySchema = z
  .object({
    widget_instance_ids: z.array(z.string().uuid()).max(500).default([]),
    command_widget_ids: z.array(z.string().uuid()).max(500).default([]),
    /** The panel that receives the copies; this panel when left out. */
    target_panel_id: z.string().uuid().optional(),
  })
  .strict()
  .refine((body) => body.widget_instance_ids.length + body.command_widget_ids.length > 0, {
    path: ['widget_instance_ids'],
    error: 'Choose at least one widget',
  });
export type DuplicateWidgetsBody = z.input<typeof duplicateWidgetsBodySchema>;
