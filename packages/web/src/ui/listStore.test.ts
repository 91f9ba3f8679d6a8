import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { resetAppState } from '../app/actions';
import { createListStore, emptyList, type ListState } from './listStore';

interface Row {
  id: number;
  name: string;
}
const row = (id: number, name = `row ${id}`): Row => ({ id, name });

const sensors = createListStore<Row>('sensors', 3);
const assets = createListStore<Row>('assets', 2);
const { pageLoaded, setPage, setPageSize, itemInserted, itemRemoved, itemUpdated } = sensors.actions;
const run = (...actions: UnknownAction[]): ListState<Row> =>
  actions.reduce(sensors.reducer, sensors.reducer(undefined, { type: 'init' }));

describe('list store', () => {
  it('starts on page 1 with an empty list', () => {
    expect(run()).toEqual(emptyList(3));
  });

  it('stores a loaded page', () => {
    const state = run(pageLoaded({ items: [row(1), row(2)], total: 12, page: 4 }));
    expect(state).toMatchObject({ items: [row(1), row(2)], total: 12, page: 4 });
  });

  it('inserting on page 1 adds at the front and raises the total', () => {
    const state = run(pageLoaded({ items: [row(1)], total: 1 }), itemInserted(row(2)));
    expect(state.items.map((r) => r.id)).toEqual([2, 1]);
    expect(state.total).toBe(2);
  });

  it('inserting on page 1 trims the list to the page size', () => {
    const state = run(pageLoaded({ items: [row(1), row(2), row(3)], total: 7 }), itemInserted(row(4)));
    expect(state.items.map((r) => r.id)).toEqual([4, 1, 2]);
    expect(state.total).toBe(8);
  });

  it('inserting on a later page leaves the rows but still raises the total', () => {
    const state = run(pageLoaded({ items: [row(7), row(8)], total: 8, page: 3 }), itemInserted(row(9)));
    expect(state.items.map((r) => r.id)).toEqual([7, 8]);
    expect(state.total).toBe(9);
  });

  it('removing takes the row out and lowers the total by 1', () => {
    const state = run(pageLoaded({ items: [row(1), row(2)], total: 5 }), itemRemoved(1));
    expect(state.items).toEqual([row(2)]);
    expect(state.total).toBe(4);
  });

  it('removing a row held on another page still lowers the total, never below 0', () => {
    expect(run(pageLoaded({ items: [row(1)], total: 5 }), itemRemoved(42)).total).toBe(4);
    expect(run(itemRemoved(1)).total).toBe(0);
  });

  it('updating replaces the row with the same id and ignores unknown ids', () => {
    let state = run(pageLoaded({ items: [row(1), row(2)], total: 2 }), itemUpdated(row(2, 'renamed')));
    expect(state.items).toEqual([row(1), row(2, 'renamed')]);
    state = sensors.reducer(state, itemUpdated(row(3)));
    expect(state.items).toEqual([row(1), row(2, 'renamed')]);
    expect(state.total).toBe(2);
  });

  it('works with string ids', () => {
    const users = createListStore<{ id: string }>('users', 2);
    let state = users.reducer(undefined, users.actions.itemInserted({ id: 'a' }));
    state = users.reducer(state, users.actions.itemRemoved('a'));
    expect(state).toMatchObject({ items: [], total: 0 });
  });

  it('sets the page and page size', () => {
    let state = run(setPage(3));
    expect(state.page).toBe(3);
    state = sensors.reducer(state, setPage(0));
    expect(state.page).toBe(1);
    state = run(pageLoaded({ items: [row(1), row(2), row(3)], total: 3 }), setPageSize(2));
    expect(state).toMatchObject({ pageSize: 2, items: [row(1), row(2)] });
  });

  it('resetAppState returns every store to page 1 and an empty list', () => {
    const sensorState = run(pageLoaded({ items: [row(1)], total: 9, page: 2 }));
    const assetState = assets.reducer(
      undefined,
      assets.actions.pageLoaded({ items: [row(5)], total: 4, page: 2 }),
    );
    expect(sensors.reducer(sensorState, resetAppState())).toEqual(emptyList(3));
    expect(assets.reducer(assetState, resetAppState())).toEqual(emptyList(2));
  });

  it('keeps stores apart: one store ignores another store actions', () => {
    const state = run(pageLoaded({ items: [row(1)], total: 1 }));
    expect(sensors.reducer(state, assets.actions.itemInserted(row(2)))).toBe(state);
  });
});
