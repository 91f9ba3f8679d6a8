/**
 * A list store's reducer extended with cross-list rules: one semantic action (say "project archived")
 * becomes the list store's own remove in one list and insert in another, so the spec §4 rules of
 * ui/listStore (front of page 1 only, totals always adjust) are reused, never rewritten.
 */
import type { Action, Reducer, UnknownAction } from '@reduxjs/toolkit';
import type { ItemId, ListState, ListStore } from '../../../ui/listStore';

/** An action creator that can tell its own actions apart (what createAction returns). */
interface Matchable<P> {
  match(action: Action): action is Action & { payload: P };
}

type Rule<T> = (state: ListState<T>, action: UnknownAction) => ListState<T> | undefined;

/** Builds a list reducer that also reacts to other actions by inserting, removing or re-counting. */
export function listWithMoves<T extends { id: ItemId }>(store: ListStore<T>) {
  const rules: Rule<T>[] = [];
  const { itemInserted, itemRemoved, itemUpdated } = store.actions;
  const builder = {
    /** Inserts the item `pick` returns (nothing when it returns undefined). */
    insertOn<P>(creator: Matchable<P>, pick: (payload: P) => T | undefined) {
      rules.push((state, action) => {
        const item = creator.match(action) ? pick(action.payload) : undefined;
        return item === undefined ? undefined : store.reducer(state, itemInserted(item));
      });
      return builder;
    },
    /** Removes the item whose id `pick` returns (nothing when it returns undefined). */
    removeOn<P>(creator: Matchable<P>, pick: (payload: P) => ItemId | undefined) {
      rules.push((state, action) => {
        const id = creator.match(action) ? pick(action.payload) : undefined;
        return id === undefined ? undefined : store.reducer(state, itemRemoved(id));
      });
      return builder;
    },
    /** Replaces the item `pick` returns by id, when it is held here. */
    updateOn<P>(creator: Matchable<P>, pick: (payload: P) => T | undefined) {
      rules.push((state, action) => {
        const item = creator.match(action) ? pick(action.payload) : undefined;
        return item === undefined ? undefined : store.reducer(state, itemUpdated(item));
      });
      return builder;
    },
    /** Runs the list store's own action that `pick` returns (page loads from a shared response). */
    stepOn<P>(creator: Matchable<P>, pick: (payload: P) => UnknownAction | undefined) {
      rules.push((state, action) => {
        const own = creator.match(action) ? pick(action.payload) : undefined;
        return own === undefined ? undefined : store.reducer(state, own);
      });
      return builder;
    },
    /** Sets the total from a count the server sent with another list (tab counts). */
    totalOn<P>(creator: Matchable<P>, pick: (payload: P) => number | undefined) {
      rules.push((state, action) => {
        const total = creator.match(action) ? pick(action.payload) : undefined;
        return total === undefined ? undefined : { ...state, total };
      });
      return builder;
    },
    /** The finished reducer: the first matching rule wins, anything else goes to the list store. */
    reducer(): Reducer<ListState<T>> {
      return (state, action) => {
        const current = state ?? store.reducer(undefined, action);
        for (const rule of rules) {
          const next = rule(current, action);
          if (next) return next;
        }
        return store.reducer(current, action);
      };
    },
  };
  return builder;
}
