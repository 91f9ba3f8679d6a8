/** Panel and subpanel rows → contract DTOs, and stored grid positions → react-grid-layout items. */
import type { LayoutItem, Panel, Subpanel } from '@ferrite/contracts';
import { iso } from '../../../platform/isoTime';
import type { PanelRow, StoredLayout, SubpanelRow } from './repository';

/** The grid item of a child: its stored position with `i` set to its id. */
export function layoutItem(id: string, stored: StoredLayout): LayoutItem {
  return { i: id, x: stored.x, y: stored.y, w: stored.w, h: stored.h };
}

/** A position to store, from a body's placement or the default. */
export function storedLayout(
  placement: { x: number; y: number; w: number; h: number } | undefined,
  fallback: StoredLayout,
): StoredLayout {
  const { x, y, w, h } = placement ?? fallback;
  return { x, y, w, h };
}

/** A panel as the API answers it. */
export function presentPanel(row: PanelRow): Panel {
  return {
    id: row.id,
    dashboard_id: row.dashboard_id,
    name: row.name,
    order: row.position,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** A subpanel as the API answers it. */
export function presentSubpanel(row: SubpanelRow): Subpanel {
  return {
    id: row.id,
    panel_id: row.panel_id,
    name: row.name,
    order: row.position,
    layout: layoutItem(row.id, row.layout),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
