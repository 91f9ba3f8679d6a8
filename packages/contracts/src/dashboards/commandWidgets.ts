/**
 * Command widgets: a button, switch, slider or set-point on a dashboard that sends a named command to a
 * gateway (through the IoT Manager's command dispatch) after the user confirms.
 */
import { z } from 'zod';
import { commandBodySchema, commandSchema } from '../iotManager/commands';
import { PAGE_NUMBER_MAX, uuidParam } from '../lists';
import { freeText, nameText, textSchema } from '../text';
import { COMMAND_WIDGET_KINDS, type CommandWidgetKind } from '../widgets/kinds';
import { layoutItemSchema, layoutPlacementSchema } from './layout';

/** The same naming rule as commands sent from the IoT Manager. */
const commandNameSchema = commandBodySchema.shape.name;

/** In a value template, this string stands for the value the user picked. */
export const COMMAND_VALUE_PLACEHOLDER = '{{value}}';
/** The value template a kind starts with: a button sends true, the others the picked value. */
export const COMMAND_WIDGET_DEFAULT_TEMPLATES: Record<CommandWidgetKind, unknown> = {
  button: true,
  switch: COMMAND_VALUE_PLACEHOLDER,
  slider: COMMAND_VALUE_PLACEHOLDER,
  set_point: COMMAND_VALUE_PLACEHOLDER,
};
/** What a new command widget asks before it sends. */
export const DEFAULT_COMMAND_CONFIRMATION = 'Are you sure you want to send this command?';

/** Kind-specific settings; unused ones are ignored by the kind. */
export const commandWidgetSettingsSchema = z
  .object({
    /** Slider and set-point bounds and step. */
    min: z.number().default(0),
    max: z.number().default(100),
    step: z.number().positive().default(1),
    unit: textSchema('Unit', { max: 40, trim: false }).default(''),
    /** Switch labels. */
    on_label: textSchema('On label', { max: 40, trim: false }).default('On'),
    off_label: textSchema('Off label', { max: 40, trim: false }).default('Off'),
    /** Button label. */
    button_label: textSchema('Button label', { max: 40, trim: false }).default('Send'),
  })
  .strict()
  .refine((s) => s.min < s.max, { path: ['max'], error: 'max must be greater than min' });
export type CommandWidgetSettings = z.infer<typeof commandWidgetSettingsSchema>;

/** What each kind sends and the value it asks the user for (GET /command_widget_types). */
export const COMMAND_WIDGET_TYPES = [
  {
    kind: 'button',
    name: 'Button',
    description: 'Sends the value template as it is, e.g. a reset or a start.',
    value_type: 'none',
  },
  {
    kind: 'switch',
    name: 'Switch',
    description: 'On or off: sends the template with {{value}} set to true or false.',
    value_type: 'boolean',
  },
  {
    kind: 'slider',
    name: 'Slider',
    description: 'A value between min and max in steps, sent as {{value}}.',
    value_type: 'number',
  },
  {
    kind: 'set_point',
    name: 'Set-point',
    description: 'A typed target value between min and max, sent as {{value}}.',
    value_type: 'number',
  },
] as const satisfies readonly {
  kind: CommandWidgetKind;
  name: string;
  description: string;
  value_type: 'none' | 'boolean' | 'number';
}[];

/** GET /command_widget_types: each kind with its default settings and template. */
export const commandWidgetTypesResponseSchema = z.object({
  command_widget_types: z.array(
    z.object({
      kind: z.enum(COMMAND_WIDGET_KINDS),
      name: z.string(),
      description: z.string(),
      value_type: z.enum(['none', 'boolean', 'number']),
      default_settings: commandWidgetSettingsSchema,
      default_value_template: z.unknown(),
    }),
  ),
});

/** A command widget as the API answers it. */
export const commandWidgetSchema = z.object({
  id: z.string().uuid(),
  dashboard_id: z.string().uuid(),
  panel_id: z.string().uuid(),
  subpanel_id: z.string().uuid().nullable(),
  kind: z.enum(COMMAND_WIDGET_KINDS),
  title: z.string(),
  /** Null when the gateway was deleted since. */
  gateway: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  command_name: z.string(),
  value_template: z.unknown(),
  confirmation_text: z.string(),
  settings: commandWidgetSettingsSchema,
  layout: layoutItemSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type CommandWidget = z.infer<typeof commandWidgetSchema>;

/** Create and replace body of a command widget. */
export const commandWidgetBodySchema = z
  .object({
    kind: z.enum(COMMAND_WIDGET_KINDS, { error: 'Choose button, switch, slider or set_point' }),
    title: nameText('Title', 200).default(''),
    subpanel_id: z.string().uuid().nullable().default(null),
    gateway_id: z.string().uuid({ error: 'Please choose a gateway' }),
    command_name: commandNameSchema,
    /**
     * Any JSON; every string equal to {{value}} becomes the picked value, other {{value}}s its text.
     * Left out: the kind's default (see COMMAND_WIDGET_DEFAULT_TEMPLATES).
     */
    value_template: z.unknown().optional(),
    confirmation_text: freeText('Confirmation text', 500).default(DEFAULT_COMMAND_CONFIRMATION),
    settings: commandWidgetSettingsSchema.default(commandWidgetSettingsSchema.parse({})),
    layout: layoutPlacementSchema.optional(),
  })
  .strict();
export type CommandWidgetBody = z.input<typeof commandWidgetBodySchema>;

/**
 * POST …/command_widgets/{id}/send. `value`: true or false for a switch, a number for a slider or
 * set-point, nothing for a button. `confirmed` must be true when the widget has a confirmation text.
 */
export const commandWidgetSendBodySchema = z
  .object({
    value: z.union([z.boolean(), z.number()]).optional(),
    confirmed: z.boolean().default(false),
  })
  .strict();
export type CommandWidgetSendBody = z.input<typeof commandWidgetSendBodySchema>;
/** The IoT Manager command a send created. */
export const commandWidgetSendResponseSchema = z.object({ command: commandSchema });

/** A panel's command widgets. */
export const commandWidgetListResponseSchema = z.object({ command_widgets: z.array(commandWidgetSchema) });

/** {orgId}, {panelId} of …/panels/{panelId}/command_widgets. */
export const commandWidgetCollectionParamsSchema = z.object({
  orgId: uuidParam('orgId'),
  panelId: uuidParam('panelId'),
});
/** {orgId}, {panelId}, {id} of one command widget. */
export const commandWidgetParamsSchema = commandWidgetCollectionParamsSchema.extend({ id: uuidParam('id') });

/** A gateway a command widget can actuate (GET /gateways). */
export const dashboardGatewaySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  project: z.object({ id: z.string().uuid(), name: z.string() }),
  type: z.string(),
  protocol: z.string(),
  status: z.enum(['online', 'offline']),
});
/** GET /gateways: paging (25 a page by default, spec §9) and a name search. */
export const dashboardGatewaysQuerySchema = z.object({
  page_number: z.coerce.number().int().min(1).max(PAGE_NUMBER_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
  search: nameText('Search').optional(),
});
/** One page of gateways and how many match. */
export const dashboardGatewaysResponseSchema = z.object({
  gateways: z.array(dashboardGatewaySchema),
  total_entries: z.number().int(),
});
