/** The catalogue: every kind × its presets, 200+ variants (spec §1), each with its config defaults. */
import type { WidgetConfig } from './config';
import {
  WIDGET_KIND_CATEGORY,
  WIDGET_KIND_LABELS,
  WIDGET_KINDS,
  type WidgetCategory,
  type WidgetKind,
} from './kinds';
import { CHART_PRESETS } from './presets/charts';
import { CONTENT_PRESETS } from './presets/contentControls';
import { INDICATOR_PRESETS } from './presets/indicators';
import { STATISTICS_PRESETS } from './presets/proportionsStatistics';
import type { WidgetPreset } from './presets/types';

/** One entry of the catalogue. */
export interface WidgetVariant {
  /** `${kind}.${preset}`, stable: widget instances store it. */
  id: string;
  kind: WidgetKind;
  preset: string;
  name: string;
  category: WidgetCategory;
  description: string;
  defaults: Partial<WidgetConfig>;
}

const PRESETS: Record<WidgetKind, WidgetPreset[]> = Object.fromEntries(
  WIDGET_KINDS.map((kind) => [
    kind,
    CHART_PRESETS[kind] ?? INDICATOR_PRESETS[kind] ?? STATISTICS_PRESETS[kind] ?? CONTENT_PRESETS[kind] ?? [],
  ]),
) as Record<WidgetKind, WidgetPreset[]>;

/** Every variant, kinds in WIDGET_KINDS order, presets in their list order. */
export const WIDGET_VARIANTS: readonly WidgetVariant[] = Object.freeze(
  WIDGET_KINDS.flatMap((kind) =>
    PRESETS[kind].map(
      (p): WidgetVariant => ({
        id: `${kind}.${p.preset}`,
        kind,
        preset: p.preset,
        name: p.name,
        category: WIDGET_KIND_CATEGORY[kind],
        description: p.description,
        defaults: p.defaults,
      }),
    ),
  ),
);

const BY_ID = new Map(WIDGET_VARIANTS.map((v) => [v.id, v]));

/** The variant with this id, or undefined. */
export function findWidgetVariant(id: string): WidgetVariant | undefined {
  return BY_ID.get(id);
}

/** The first variant of a kind (its plain look), used when only the kind is known. */
export function defaultVariantOf(kind: WidgetKind): WidgetVariant {
  const variant = WIDGET_VARIANTS.find((v) => v.kind === kind);
  if (!variant) throw new Error(`No variant of widget kind ${kind}`);
  return variant;
}

/** The kind's label, e.g. 'Solid gauge'. */
export function widgetKindLabel(kind: WidgetKind): string {
  return WIDGET_KIND_LABELS[kind];
}
