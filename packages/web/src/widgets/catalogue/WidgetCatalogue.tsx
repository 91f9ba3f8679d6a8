/**
 * The widget catalogue for the "add widget" flow: search, category and kind filters, and a card per
 * variant with a small live preview on sample data. Picking a card calls onSelect(variant).
 *
 *   <WidgetCatalogue onSelect={(variant) => openEditor(variant)} selectedId={current?.id} />
 */
import {
  WIDGET_CATEGORIES,
  WIDGET_CATEGORY_LABELS,
  WIDGET_KIND_LABELS,
  WIDGET_KINDS,
  WIDGET_VARIANTS,
  type WidgetCategory,
  type WidgetKind,
  type WidgetVariant,
} from '@ferrite/contracts';
import { Badge, Button, Group, Select, Stack, Text, TextInput, useComputedColorScheme } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { WidgetTheme } from '../types';
import { filterVariants } from './filterVariants';
import { VariantPreview } from './VariantPreview';
import classes from './WidgetCatalogue.module.css';

/** Cards shown before "Show more". */
export const CATALOGUE_PAGE = 24;

interface WidgetCatalogueProps {
  onSelect: (variant: WidgetVariant) => void;
  selectedId?: string;
  /** Only these variants (default: all of them), e.g. without controls for a read-only panel. */
  variants?: readonly WidgetVariant[];
  /** Preview theme; follows the workspace's colour scheme when omitted. */
  theme?: WidgetTheme;
}

/** Searchable, filterable grid of widget variants. */
export function WidgetCatalogue({
  onSelect,
  selectedId,
  variants = WIDGET_VARIANTS,
  theme,
}: WidgetCatalogueProps) {
  const scheme = useComputedColorScheme('light');
  const previewTheme = theme ?? scheme;
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<WidgetCategory | 'all'>('all');
  const [kind, setKind] = useState<WidgetKind | 'all'>('all');
  const [limit, setLimit] = useState(CATALOGUE_PAGE);
  const found = useMemo(
    () => filterVariants(variants, { search, category, kind }),
    [variants, search, category, kind],
  );
  const kinds = useMemo(
    () =>
      WIDGET_KINDS.filter((k) =>
        variants.some((v) => v.kind === k && (category === 'all' || v.category === category)),
      ),
    [variants, category],
  );
  const reset = () => setLimit(CATALOGUE_PAGE);
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search widgets"
          placeholder="gauge, temperature, stacked…"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            reset();
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          label="Category"
          w={200}
          allowDeselect={false}
          value={category}
          data={[
            { value: 'all', label: 'All categories' },
            ...WIDGET_CATEGORIES.map((c) => ({ value: c, label: WIDGET_CATEGORY_LABELS[c] })),
          ]}
          onChange={(v) => {
            setCategory((v ?? 'all') as WidgetCategory | 'all');
            setKind('all');
            reset();
          }}
        />
        <Select
          label="Kind"
          w={170}
          allowDeselect={false}
          value={kind}
          data={[
            { value: 'all', label: 'All kinds' },
            ...kinds.map((k) => ({ value: k, label: WIDGET_KIND_LABELS[k] })),
          ]}
          onChange={(v) => {
            setKind((v ?? 'all') as WidgetKind | 'all');
            reset();
          }}
        />
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="catalogue-count">
        {found.length} of {variants.length} widgets
      </Text>
      <ul className={classes.grid} aria-label="Widgets">
        {found.slice(0, limit).map((variant) => (
          <li key={variant.id}>
            <button
              type="button"
              className={classes.card}
              data-selected={variant.id === selectedId || undefined}
              aria-pressed={variant.id === selectedId}
              aria-label={`${variant.name}: ${variant.description}`}
              onClick={() => onSelect(variant)}
              data-variant={variant.id}
              style={{ width: '100%' }}
            >
              <div className={classes.preview}>
                <VariantPreview variant={variant} theme={previewTheme} width={206} height={110} />
              </div>
              <Group gap={6} justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600} lineClamp={1}>
                  {variant.name}
                </Text>
                <Badge size="xs" variant="light">
                  {WIDGET_KIND_LABELS[variant.kind]}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {variant.description}
              </Text>
            </button>
          </li>
        ))}
      </ul>
      {found.length === 0 ? <Text c="dimmed">No widget matches. Try another word or category.</Text> : null}
      {found.length > limit ? (
        <Button variant="light" w="fit-content" onClick={() => setLimit(limit + CATALOGUE_PAGE)}>
          Show more ({found.length - limit} left)
        </Button>
      ) : null}
    </Stack>
  );
}
