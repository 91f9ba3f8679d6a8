import { describe, expect, it } from 'vitest';
import { reorderPanels } from './PanelTabs';

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
