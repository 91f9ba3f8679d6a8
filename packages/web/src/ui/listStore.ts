/** One generic list store (spec §4 "List stores"): a slice factory for any paged list of items with ids. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAppState } from '../app/actions';

export type ItemId = string | number;

export interface ListState<T> {
  items: T[];
  /** Items on the server across all pages, not just the page held here. */
  total: number;
  page: number;
  pageSize: number;
}

export interface ListPage<T> {
  items: T[];
  total: number;
  page?: number;
}

/** The empty first page a list starts on and returns to on resetAppState. */
export function emptyList<T>(pageSize: number): ListState<T> {
  return { items: [], total: 0, page: 1, pageSize };
}

/** Creates a slice for one list; `name` prefixes its action types and must be unique. */
export function createListStore<T extends { id: ItemId }>(name: string, pageSize = 10) {
  const slice = createSlice({
    name,
    initialState: () => emptyList<T>(pageSize),
    reducers: {
      /** Stores a page fetched from the server. */
      pageLoaded(state, action: PayloadAction<ListPage<T>>) {
        const { items, total, page } = action.payload;
        state.items = items.slice(0, state.pageSize) as typeof state.items;
        state.total = total;
        if (page !== undefined) state.page = page;
      },
      setPage(state, action: PayloadAction<number>) {
        state.page = Math.max(1, Math.floor(action.payload));
      },
      setPageSize(state, action: PayloadAction<number>) {
        state.pageSize = Math.max(1, Math.floor(action.payload));
        state.items = state.items.slice(0, state.pageSize);
      },
      /** A new item shows first on page 1 only; later pages keep their rows, but the total always grows. */
      itemInserted(state, action: PayloadAction<T>) {
        if (state.page === 1) {
          state.items = [action.payload, ...(state.items as T[])].slice(
            0,
            state.pageSize,
          ) as typeof state.items;
        }
        state.total += 1;
      },
      /** The item may sit on another page, so the total drops whether or not it is held here. */
      itemRemoved(state, action: PayloadAction<ItemId>) {
        state.items = state.items.filter((item) => item.id !== action.payload);
        state.total = Math.max(0, state.total - 1);
      },
      itemUpdated(state, action: PayloadAction<T>) {
        const index = state.items.findIndex((item) => item.id === action.payload.id);
        if (index >= 0) state.items[index] = action.payload as (typeof state.items)[number];
      },
    },
    extraReducers: (builder) => {
      builder.addCase(resetAppState, (state) => emptyList<T>(state.pageSize) as typeof state);
    },
  });
  return { reducer: slice.reducer, actions: slice.actions, name: slice.name };
}

export type ListStore<T extends { id: ItemId }> = ReturnType<typeof createListStore<T>>;
