/** A dashboard's tree (GET …/dashboards/{uuid}/hierarchy) and one panel with everything in it. */
import { z } from 'zod';
import { uuidParam } from '../lists';
import { commandWidgetSchema } from './commandWidgets';
import { gridSettingsSchema } from './layout';
import { panelSchema, subpanelSchema } from './panels';
import { widgetInstanceSchema } from './widgetInstances';

/** A panel with its subpanels, widgets and command widgets: what a panel's grid draws. */
export const panelDetailSchema = panelSchema.extend({
  subpanels: z.array(subpanelSchema),
  widget_instances: z.array(widgetInstanceSchema),
  command_widgets: z.array(commandWidgetSchema),
});
export type PanelDetail = z.infer<typeof panelDetailSchema>;

const leaf = z.object({
  id: z.string().uuid(),
  title: z.string(),
  subpanel_id: z.string().uuid().nullable(),
});

/** The dashboard → panels → subpanels tree with the widgets of each, for navigation. */
export const dashboardHierarchySchema = z.object({
  dashboard: z.object({
    id: z.string().uuid(),
    name: z.string(),
    theme: z.string(),
    layout: gridSettingsSchema,
  }),
  panels: z.array(
    panelSchema.extend({
      subpanels: z.array(subpanelSchema),
      widget_instances: z.array(leaf.extend({ widget_id: z.string() })),
      command_widgets: z.array(leaf.extend({ kind: z.string() })),
    }),
  ),
});
export type DashboardHierarchy = z.infer<typeof dashboardHierarchySchema>;

/** {uuid}: a dashboard id for members; a link uuid (or its dashboard's id) for a share token. */
export const hierarchyParamsSchema = z.object({ orgId: uuidParam('orgId'), uuid: uuidParam('uuid') });
