/** The catalogue's search and filters, as a pure function. */
import {
  WIDGET_CATEGORY_LABELS,
  WIDGET_KIND_LABELS,
  type WidgetCategory,
  type WidgetKind,
  type WidgetVariant,
} from '@ferrite/contracts';

export interface CatalogueFilter {
  search?: string;
  category?: WidgetCategory | 'all';
  kind?: WidgetKind | 'all';
}

/** Variants whose name, kind, category or description hold every word of the search. */
export function filterVariants(
  variants: readonly WidgetVariant[],
  { search = '', category = 'all', kind = 'all' }: CatalogueFilter,
): WidgetVariant[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return variants.filter((v) => {
    if (category !== 'all' && v.category !== category) return false;
    if (kind !== 'all' && v.kind !== kind) return false;
    if (words.length === 0) return true;
    const haystack =
      `${v.name} ${WIDGET_KIND_LABELS[v.kind]} ${v.kind} ${WIDGET_CATEGORY_LABELS[v.category]} ${v.description}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}
