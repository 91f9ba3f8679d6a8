/**
 * The settings a widget instance stores: only what differs from its variant's defaults (contracts
 * widgetInstanceBodySchema "the instance's own settings over the variant's defaults"), so an instance
 * keeps following its variant for everything the user did not change.
 */
import { resolveWidgetConfig, type WidgetConfig, type WidgetVariant } from '@ferrite/contracts';

/** The fields of `config` that differ from the variant's resolved defaults. */
export function ownConfig(
  variant: Pick<WidgetVariant, 'defaults'>,
  config: WidgetConfig,
): Partial<WidgetConfig> {
  const defaults = resolveWidgetConfig(variant) as Record<string, unknown>;
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (JSON.stringify(value) !== JSON.stringify(defaults[key])) own[key] = value;
  }
  return own as Partial<WidgetConfig>;
}

/** Default grid size of a new widget by catalogue group (12 columns, 30 px rows). */
export function defaultSize(category: WidgetVariant['category']): { w: number; h: number } {
  switch (category) {
    case 'indicators':
      return { w: 3, h: 7 };
    case 'controls':
      return { w: 3, h: 5 };
    case 'proportions':
      return { w: 4, h: 8 };
    default:
      return { w: 6, h: 9 };
  }
}
