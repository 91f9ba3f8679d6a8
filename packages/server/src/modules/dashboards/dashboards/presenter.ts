/** Dashboard rows → contract DTOs. */
import {
  DASHBOARD_THEME_IDS,
  type Dashboard,
  DEFAULT_DASHBOARD_THEME,
  DEFAULT_GRID_SETTINGS,
  gridSettingsSchema,
} from '@ferrite/contracts';
import { iso } from '../../../platform/isoTime';
import type { DashboardRow } from './repository';

/** A person column pair (id, name, e-mail) as a reference, or null when the person is gone. */
export function personRef(id: string | null, name: string | null, email: string | null) {
  return id && name !== null && email !== null ? { id, name, email } : null;
}

/** A dashboard as lists and the detail answer it. */
export function presentDashboard(row: DashboardRow): Dashboard {
  const layout = gridSettingsSchema.safeParse(row.layout);
  const theme = (DASHBOARD_THEME_IDS as readonly string[]).includes(row.theme)
    ? (row.theme as Dashboard['theme'])
    : DEFAULT_DASHBOARD_THEME;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    theme,
    is_archived: row.archived_at !== null,
    layout: layout.success ? layout.data : DEFAULT_GRID_SETTINGS,
    panel_count: Number(row.panel_count ?? 0),
    widget_count: Number(row.widget_count ?? 0),
    created_by: personRef(row.created_by, row.creator_name, row.creator_email),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
