/**
 * Grid layout of dashboards (react-grid-layout): where a subpanel, widget or command widget sits in its
 * panel's grid, and the grid's own settings. Positions are in grid units, not pixels.
 */
import { z } from 'zod';
import { nameText } from '../text';

const gridUnit = (max: number) => z.number().int().min(0).max(max);

/** A child's position and size in its panel's grid; `i` is the child's id when the server answers. */
export const layoutItemSchema = z.object({
  i: nameText('Layout item id', 64).min(1),
  x: gridUnit(1_000),
  y: gridUnit(100_000),
  w: z.number().int().min(1).max(1_000),
  h: z.number().int().min(1).max(1_000),
});
export type LayoutItem = z.infer<typeof layoutItemSchema>;

/** A position in a body: `i` is optional (the server sets it to the child's id). */
export const layoutPlacementSchema = layoutItemSchema.extend({
  i: nameText('Layout item id', 64).min(1).optional(),
});
export type LayoutPlacement = z.infer<typeof layoutPlacementSchema>;

/** Where a new child lands when the body names no position. */
export const DEFAULT_WIDGET_PLACEMENT = { x: 0, y: 0, w: 4, h: 4 } as const;
/** Where a new subpanel lands: the full width of a 12-column grid. */
export const DEFAULT_SUBPANEL_PLACEMENT = { x: 0, y: 0, w: 12, h: 8 } as const;

/** How react-grid-layout compacts a grid. */
export const GRID_COMPACT_TYPES = ['vertical', 'horizontal', 'none'] as const;

/** The grid of every panel of a dashboard: column count, row height and gap (pixels), compaction. */
export const gridSettingsSchema = z
  .object({
    columns: z.number().int().min(1).max(48).default(12),
    row_height: z.number().int().min(10).max(400).default(30),
    margin: z.number().int().min(0).max(64).default(10),
    compact: z.enum(GRID_COMPACT_TYPES).default('vertical'),
  })
  .strict();
export type GridSettings = z.infer<typeof gridSettingsSchema>;
/** The grid of a dashboard that names none. */
export const DEFAULT_GRID_SETTINGS: GridSettings = {
  columns: 12,
  row_height: 30,
  margin: 10,
  compact: 'vertical',
};
