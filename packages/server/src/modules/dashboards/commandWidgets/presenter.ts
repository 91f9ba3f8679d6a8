/** Command widget rows → contract DTOs. */
import {
  COMMAND_WIDGET_KINDS,
  type CommandWidget,
  type CommandWidgetKind,
  commandWidgetSettingsSchema,
  storedForm,
} from '@ferrite/contracts';
import { iso } from '../../../platform/isoTime';
import { layoutItem } from '../panels/presenter';
import type { CommandWidgetRow } from './repository';

const DEFAULT_SETTINGS = commandWidgetSettingsSchema.parse({});
// Labels stored before the text rules are still answered as they are.
const storedSettingsSchema = storedForm(commandWidgetSettingsSchema);

/** A command widget as the API answers it. */
export function presentCommandWidget(row: CommandWidgetRow): CommandWidget {
  const settings = storedSettingsSchema.safeParse(row.settings);
  const kind = (COMMAND_WIDGET_KINDS as readonly string[]).includes(row.kind)
    ? (row.kind as CommandWidgetKind)
    : 'button';
  return {
    id: row.id,
    dashboard_id: row.dashboard_id,
    panel_id: row.panel_id,
    subpanel_id: row.subpanel_id,
    kind,
    title: row.title,
    gateway:
      row.gateway_id && row.gateway_name !== null ? { id: row.gateway_id, name: row.gateway_name } : null,
    command_name: row.command_name,
    value_template: row.value_template,
    confirmation_text: row.confirmation_text,
    settings: settings.success ? settings.data : DEFAULT_SETTINGS,
    layout: layoutItem(row.id, row.layout),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
