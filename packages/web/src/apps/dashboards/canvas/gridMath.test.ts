import { DEFAULT_GRID_SETTINGS } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { reorderPanels } from '../detail/PanelTabs';
import { bottomRow, columnWidth, itemSize, sameLayout } from './gridMath';

describe('grid arithmetic', () => {
  it('sizes an item like react-grid-layout (margins between cells count)', () => {
    // 12 columns, 10 px margins: (1210 - 130) / 12 = 90 px a column.
    expect(columnWidth(1210, DEFAULT_GRID_SETTINGS)).toBe(90);
    expect(itemSize({ w: 4, h: 6 }, 1210, DEFAULT_GRID_SETTINGS)).toEqual({ width: 390, height: 230 });
  });

  it('finds the first free row and compares layouts whatever their order', () => {
    expect(bottomRow([])).toBe(0);
    expect(
      bottomRow([
        { y: 0, h: 4 },
        { y: 2, h: 9 },
      ]),
    ).toBe(11);
    const a = { i: 'a', x: 0, y: 0, w: 2, h: 2 };
    const b = { i: 'b', x: 2, y: 0, w: 2, h: 2 };
    expect(sameLayout([a, b], [b, a])).toBe(true);
    expect(sameLayout([a, b], [b, { ...a, w: 3 }])).toBe(false);
  });
});

describe('moving a panel tab', () => {
  const panel = (id: string, order: number) => ({
    id,
    dashboard_id: 'd',
    name: id,
    order,
    created_at: '',
    updated_at: '',
  });
  it('answers the new order of only the panels that moved', () => {
    const panels = [panel('a', 0), panel('b', 1), panel('c', 2)];
    const moved = reorderPanels(panels, panels[2] as never, -1).map(([p, order]) => [p.id, order]);
    expect(moved).toEqual([
      ['c', 1],
      ['b', 2],
    ]);
    expect(reorderPanels(panels, panels[0] as never, -1)).toEqual([]);
  });
});
