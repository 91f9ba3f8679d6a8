/**
 * An instance's stored config resolved over its variant's defaults (safeResolveWidgetConfig), once per
 * config object: a card and the read started ahead for it (widgetReadAhead.ts) resolve the same one,
 * and each resolution is a schema parse of a few hundred fields' worth, fifty of them on an opening.
 * A config with every field is taken as it is: the API answers instances with their config resolved
 * (the server's presenter runs the same resolution, falling back to the defaults the same way), so a
 * second parse here would only repeat it (about 1 ms a card in Chromium on this machine).
 */
import {
  safeResolveWidgetConfig,
  WIDGET_CONFIG_KEYS,
  type WidgetConfig,
  type WidgetVariant,
} from '@ferrite/contracts';

const resolved = new WeakMap<object, { variantId: string; config: WidgetConfig }>();

/** The complete config of an instance of `variant` whose stored config is `stored`. */
export function storedConfig(variant: WidgetVariant, stored: unknown): WidgetConfig {
  if (typeof stored !== 'object' || stored === null) return safeResolveWidgetConfig(variant, stored);
  const known = resolved.get(stored);
  if (known?.variantId === variant.id) return known.config;
  const config = WIDGET_CONFIG_KEYS.every((key) => key in stored)
    ? (stored as WidgetConfig)
    : safeResolveWidgetConfig(variant, stored);
  resolved.set(stored, { variantId: variant.id, config });
  return config;
}
