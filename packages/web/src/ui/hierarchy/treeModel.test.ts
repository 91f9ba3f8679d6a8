import type { HierarchyNode } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  branchIds,
  buildTreeIndex,
  filterRows,
  keyMove,
  scrollToReveal,
  virtualWindow,
  visibleRows,
} from './treeModel';

/** A node in depth-first order; ids are the names, which keeps the expectations readable. */
function node(
  name: string,
  depth: number,
  parent: string | null,
  kind: 'asset' | 'sensor' = 'asset',
): HierarchyNode {
  return {
    id: name,
    kind,
    name,
    parent_id: parent,
    type_name: kind === 'asset' ? 'Site' : 'Thermometer',
    depth,
    child_count: 0,
    latitude: null,
    longitude: null,
  };
}

// North ─┬─ Line A ─┬─ temp 1
//        │          └─ temp 2
//        └─ Line B
// South ── pump
const NODES = [
  node('North', 0, null),
  node('Line A', 1, 'North'),
  node('temp 1', 2, 'Line A', 'sensor'),
  node('temp 2', 2, 'Line A', 'sensor'),
  node('Line B', 1, 'North'),
  node('South', 0, null),
  node('pump', 1, 'South', 'sensor'),
];
const index = buildTreeIndex(NODES);
const names = (rows: number[]) => rows.map((i) => NODES[i]?.name);

describe('buildTreeIndex', () => {
  it('finds every parent and subtree end from the depths', () => {
    expect(Array.from(index.parent)).toEqual([-1, 0, 1, 1, 0, -1, 5]);
    expect(Array.from(index.end)).toEqual([5, 4, 3, 4, 5, 7, 7]);
  });

  it('handles an empty project', () => {
    const empty = buildTreeIndex([]);
    expect(visibleRows(empty, new Set())).toEqual([]);
    expect(virtualWindow(0, 400, 32, 0)).toEqual({ start: 0, end: 0, totalHeight: 0 });
  });
});

describe('visibleRows', () => {
  it('shows only the top level when nothing is expanded', () => {
    expect(names(visibleRows(index, new Set()))).toEqual(['North', 'South']);
  });

  it('shows a node’s children once it and its ancestors are expanded', () => {
    expect(names(visibleRows(index, new Set(['North'])))).toEqual(['North', 'Line A', 'Line B', 'South']);
    expect(names(visibleRows(index, new Set(['North', 'Line A', 'South'])))).toEqual(
      names([0, 1, 2, 3, 4, 5, 6]),
    );
  });

  it('hides the children of an expanded node whose parent is collapsed', () => {
    expect(names(visibleRows(index, new Set(['Line A'])))).toEqual(['North', 'South']);
  });

  it('lists every node of a fully expanded 10,000-node tree in one quick pass', () => {
    const big: HierarchyNode[] = [];
    for (let site = 0; site < 100; site++) {
      big.push(node(`s${site}`, 0, null));
      for (let leaf = 0; leaf < 99; leaf++) big.push(node(`s${site}-${leaf}`, 1, `s${site}`, 'sensor'));
    }
    const bigIndex = buildTreeIndex(big);
    const started = performance.now();
    const rows = visibleRows(bigIndex, new Set(branchIds(bigIndex)));
    expect(rows).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('filterRows', () => {
  it('keeps the matches and their ancestors, in tree order', () => {
    const { rows, matches } = filterRows(index, 'TEMP 2');
    expect(names(rows)).toEqual(['North', 'Line A', 'temp 2']);
    expect([...matches]).toEqual(['temp 2']);
  });

  it('matches type names too, and an ancestor that matches stays a match', () => {
    const { rows, matches } = filterRows(index, 'thermo');
    expect(names(rows)).toEqual(['North', 'Line A', 'temp 1', 'temp 2', 'South', 'pump']);
    expect(matches.has('North')).toBe(false);
    expect(filterRows(index, 'line').matches).toEqual(new Set(['Line A', 'Line B']));
  });

  it('shows nothing for no match and for blank text', () => {
    expect(filterRows(index, 'boiler').rows).toEqual([]);
    expect(filterRows(index, '  ').rows).toEqual([]);
  });
});

describe('ancestorIds', () => {
  it('names the path to reveal a node, top level first', () => {
    expect(ancestorIds(index, 'temp 1')).toEqual(['North', 'Line A']);
    expect(ancestorIds(index, 'South')).toEqual([]);
    expect(ancestorIds(index, 'nope')).toEqual([]);
  });
});

describe('virtualWindow', () => {
  it('renders the rows in view plus the overscan', () => {
    // 10,000 rows of 32 px; 640 px of viewport scrolled to row 1,000.
    expect(virtualWindow(32_000, 640, 32, 10_000, 5)).toEqual({
      start: 995,
      end: 1025,
      totalHeight: 320_000,
    });
  });

  it('clamps at both ends', () => {
    expect(virtualWindow(0, 640, 32, 10_000, 5)).toMatchObject({ start: 0, end: 25 });
    expect(virtualWindow(320_000, 640, 32, 10_000, 5)).toMatchObject({ start: 9995, end: 10_000 });
    expect(virtualWindow(-50, 640, 32, 3)).toMatchObject({ start: 0, end: 3 });
  });

  it('scrolls the least needed to reveal a row', () => {
    expect(scrollToReveal(10, 0, 320, 32)).toBe(32);
    expect(scrollToReveal(2, 200, 320, 32)).toBe(64);
    expect(scrollToReveal(5, 100, 320, 32)).toBe(100);
  });
});

describe('keyMove', () => {
  const expanded = new Set(['North', 'Line A']);
  const rows = visibleRows(index, expanded);
  const move = (selected: string | null, key: string) =>
    keyMove(index, rows, selected, key, (id) => expanded.has(id));

  it('moves up and down the visible rows and stops at the ends', () => {
    expect(move('Line A', 'ArrowDown')).toEqual({ type: 'select', id: 'temp 1' });
    expect(move('Line A', 'ArrowUp')).toEqual({ type: 'select', id: 'North' });
    expect(move('North', 'ArrowUp')).toBeNull();
    expect(move('South', 'ArrowDown')).toBeNull();
    expect(move('temp 2', 'End')).toEqual({ type: 'select', id: 'South' });
    expect(move(null, 'ArrowDown')).toEqual({ type: 'select', id: 'North' });
  });

  it('expands, steps in, collapses and steps out with right and left', () => {
    expect(move('South', 'ArrowRight')).toEqual({ type: 'expand', id: 'South' });
    expect(move('North', 'ArrowRight')).toEqual({ type: 'select', id: 'Line A' });
    expect(move('temp 1', 'ArrowRight')).toBeNull();
    expect(move('Line A', 'ArrowLeft')).toEqual({ type: 'collapse', id: 'Line A' });
    expect(move('temp 1', 'ArrowLeft')).toEqual({ type: 'select', id: 'Line A' });
    expect(move('Line B', 'ArrowLeft')).toEqual({ type: 'select', id: 'North' });
  });

  it('opens the selected row on Enter and ignores other keys', () => {
    expect(move('Line B', 'Enter')).toEqual({ type: 'open', id: 'Line B' });
    expect(move('Line B', 'x')).toBeNull();
  });
});
