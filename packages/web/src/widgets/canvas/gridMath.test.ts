import { DEFAULT_GRID_SETTINGS, type LayoutItem } from '@ferrite/contracts';
import { horizontalCompactor, noCompactor, verticalCompactor } from 'react-grid-layout';
import { describe, expect, it } from 'vitest';
import {
  applyGridKeyStep,
  bottomRow,
  columnWidth,
  type GridCompaction,
  type GridKeyStep,
  gridKeyAnnouncement,
  gridKeyStep,
  itemSize,
  sameLayout,
} from './gridMath';

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

describe('moving and resizing with the keyboard', () => {
  const a = { i: 'a', x: 0, y: 0, w: 4, h: 3 };
  const b = { i: 'b', x: 4, y: 0, w: 4, h: 3 };
  const c = { i: 'c', x: 0, y: 3, w: 4, h: 2 };
  const key = (key: string, shiftKey = false) =>
    gridKeyStep({ key, shiftKey, altKey: false, ctrlKey: false, metaKey: false }) as GridKeyStep;
  /** The layout after the key on item `id`, as "i:x,y,wxh" sorted by id; null when refused. */
  function after(
    layout: LayoutItem[],
    id: string,
    pressed: GridKeyStep,
    compaction: GridCompaction = verticalCompactor,
  ): string[] | null {
    const next = applyGridKeyStep(layout, id, pressed, { cols: 12, compaction });
    return next
      ? next.map((l) => `${l.i}:${l.x},${l.y},${l.w}x${l.h}`).sort((p, q) => p.localeCompare(q))
      : null;
  }

  it('reads arrows as moves and Shift+arrows as resizes, and leaves other keys alone', () => {
    expect(key('ArrowLeft')).toEqual({ kind: 'move', dx: -1, dy: 0 });
    expect(key('ArrowDown', true)).toEqual({ kind: 'resize', dx: 0, dy: 1 });
    expect(
      gridKeyStep({ key: 'ArrowUp', shiftKey: false, altKey: false, ctrlKey: true, metaKey: false }),
    ).toBeNull();
    expect(
      gridKeyStep({ key: 'Enter', shiftKey: false, altKey: false, ctrlKey: false, metaKey: false }),
    ).toBeNull();
  });

  it('moves one cell into free space, and not past the edges', () => {
    const apart = [a, { ...b, x: 6 }];
    expect(after(apart, 'a', key('ArrowRight'))).toEqual(['a:1,0,4x3', 'b:6,0,4x3']);
    expect(after(apart, 'a', key('ArrowLeft'))).toBeNull();
    expect(after([{ ...a, x: 8 }], 'a', key('ArrowRight'))).toBeNull();
    expect(after(apart, 'a', key('ArrowUp'))).toBeNull();
  });

  it('passes the neighbour in the way on a vertical grid, and refuses what gravity would undo', () => {
    // Up lifts c above a, Down drops a below c: the two swap.
    expect(after([a, b, c], 'c', key('ArrowUp'))).toEqual(['a:0,2,4x3', 'b:4,0,4x3', 'c:0,0,4x2']);
    expect(after([a, b, c], 'a', key('ArrowDown'))).toEqual(['a:0,2,4x3', 'b:4,0,4x3', 'c:0,0,4x2']);
    // Nothing under b: it would only fall back up.
    expect(after([a, b, c], 'b', key('ArrowDown'))).toBeNull();
  });

  it('moves the items aside when a full row leaves no free place, as a drag does', () => {
    const left = { i: 'l', x: 0, y: 0, w: 6, h: 3 };
    const right = { i: 'r', x: 6, y: 0, w: 6, h: 3 };
    expect(after([left, right], 'r', key('ArrowLeft'))).toEqual(['l:0,3,6x3', 'r:5,0,6x3']);
    // Without compaction nothing moves aside.
    expect(after([left, right], 'r', key('ArrowLeft'), noCompactor)).toBeNull();
  });

  it('moves cell by cell where nothing compacts, past whatever is in the way', () => {
    expect(after([a, b, c], 'b', key('ArrowDown'), noCompactor)).toEqual([
      'a:0,0,4x3',
      'b:4,1,4x3',
      'c:0,3,4x2',
    ]);
    expect(after([a, b, c], 'a', key('ArrowDown'), noCompactor)).toEqual([
      'a:0,5,4x3',
      'b:4,0,4x3',
      'c:0,3,4x2',
    ]);
  });

  it('lets a horizontal grid pass a neighbour to the left', () => {
    expect(after([a, b], 'b', key('ArrowLeft'), horizontalCompactor)).toEqual(['a:4,0,4x3', 'b:0,0,4x3']);
  });

  it('resizes by one cell, keeps the item in place and moves the others out of its way', () => {
    // Wider into b: b goes below a.
    expect(after([a, b, c], 'a', key('ArrowRight', true))).toEqual(['a:0,0,5x3', 'b:4,3,4x3', 'c:0,3,4x2']);
    // Shorter: c follows a up.
    expect(after([a, b, c], 'a', key('ArrowUp', true))).toEqual(['a:0,0,4x2', 'b:4,0,4x3', 'c:0,2,4x2']);
    expect(after([a, b, c], 'c', key('ArrowDown', true))).toEqual(['a:0,0,4x3', 'b:4,0,4x3', 'c:0,3,4x3']);
    // Never below the smallest size, past the grid, or over another item where nothing compacts.
    expect(after([a, b, c], 'c', key('ArrowUp', true))).toBeNull();
    expect(after([{ ...a, w: 1 }], 'a', key('ArrowLeft', true))).toBeNull();
    expect(after([{ ...a, x: 8 }], 'a', key('ArrowRight', true))).toBeNull();
    expect(after([a, b, c], 'a', key('ArrowRight', true), noCompactor)).toBeNull();
  });

  it('announces the new place or size in words, or why nothing changed', () => {
    const moved = { i: 'a', x: 2, y: 1, w: 4, h: 3 };
    expect(gridKeyAnnouncement(key('ArrowRight'), moved)).toBe('Moved to column 3, row 2');
    expect(gridKeyAnnouncement(key('ArrowRight', true), moved)).toBe(
      'Resized to 4 columns wide, 3 rows high',
    );
    expect(gridKeyAnnouncement(key('ArrowLeft'), null)).toBe('Cannot move left');
    expect(gridKeyAnnouncement(key('ArrowUp', true), null)).toBe('Cannot make it shorter');
  });
});
