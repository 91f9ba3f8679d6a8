/**
 * An instance's stored config resolved over its variant's defaults (safeResolveWidgetConfig), once per
 * config object: a card and the read started ahead for it (widgetReadAhead.ts) resolve the same one,
 * and each resolution is a schema parse of a few hundred fields' worth, fifty of them on an opening.
 */
import { safeResolveWidgetConfig, type WidgetConfig, type WidgetVariant } from '@ferrite/contracts';

const resolved = new WeakMap<object, { variantId: string; config: WidgetConfig }>();

/** The complete config of an instance of `variant` whose stored config is `stored`. */
export function storedConfig(variant: WidgetVariant, stored: unknown): WidgetConfig {
  if (typeof stored !== 'object' || stored === null) return safeResolveWidgetConfig(variant, stored);
  const known = resolved.get(stored);
  if (known?.variantId === variant.id) return known.config;
  const config = safeResolveWidgetConfig(variant, stored);
  resolved.set(stored, { variantId: variant.id, config });
  return config;
}
