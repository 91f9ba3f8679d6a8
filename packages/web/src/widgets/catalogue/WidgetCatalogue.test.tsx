import { WIDGET_VARIANTS } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installWidgetShims, renderWithProviders } from '../testing';
import { filterVariants } from './filterVariants';
import { CATALOGUE_PAGE, WidgetCatalogue } from './WidgetCatalogue';

beforeAll(() => {
  installWidgetShims();
  // Previews wait to scroll into view; jsdom never scrolls, so nothing is drawn and the test stays fast.
  globalThis.IntersectionObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
});
afterEach(cleanup);

describe('filterVariants', () => {
  it('matches every word against name, kind, category and description', () => {
    expect(filterVariants(WIDGET_VARIANTS, { search: 'Temperature SOLID' }).map((v) => v.id)).toEqual([
      'solid_gauge.temperature',
    ]);
    // "gauge" also matches the category "Gauges and indicators".
    expect(filterVariants(WIDGET_VARIANTS, { search: 'temperature gauge' }).map((v) => v.id)).toContain(
      'kpi.temperature',
    );
    expect(
      filterVariants(WIDGET_VARIANTS, { category: 'controls' }).every((v) =>
        ['button', 'switch', 'slider', 'set_point'].includes(v.kind),
      ),
    ).toBe(true);
    expect(filterVariants(WIDGET_VARIANTS, { kind: 'donut', search: 'thin' }).map((v) => v.id)).toEqual([
      'donut.thin',
    ]);
    expect(filterVariants(WIDGET_VARIANTS, {})).toHaveLength(WIDGET_VARIANTS.length);
  });
});

describe('WidgetCatalogue', () => {
  it('lists a page of cards, searches, filters and picks a variant', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<WidgetCatalogue onSelect={onSelect} theme="light" />);
    const list = screen.getByRole('list', { name: 'Widgets' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(CATALOGUE_PAGE);
    expect(screen.getByTestId('catalogue-count')).toHaveTextContent(
      `${WIDGET_VARIANTS.length} of ${WIDGET_VARIANTS.length} widgets`,
    );

    await userEvent.click(screen.getByRole('button', { name: /Show more/ }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(CATALOGUE_PAGE * 2);

    fireEvent.change(screen.getByRole('textbox', { name: 'Search widgets' }), {
      target: { value: 'pressure set-point' },
    });
    const card = screen.getByRole('button', { name: /^Pressure set-point/ });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(card);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'set_point.pressure' }));

    fireEvent.change(screen.getByRole('textbox', { name: 'Search widgets' }), {
      target: { value: 'no such widget' },
    });
    expect(screen.getByText(/No widget matches/)).toBeInTheDocument();
  });

  it('filters by category and selects with the keyboard', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<WidgetCatalogue onSelect={onSelect} theme="dark" selectedId="pie.rose" />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Proportions' }));
    const cards = within(screen.getByRole('list', { name: 'Widgets' })).getAllByRole('button');
    expect(cards.every((c) => /^(pie|donut|radar)\./.test(c.getAttribute('data-variant') ?? ''))).toBe(true);
    expect(screen.getByRole('button', { name: /^Rose/ })).toHaveAttribute('aria-pressed', 'true');
    cards[0]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'pie.basic' }));
  });
});
