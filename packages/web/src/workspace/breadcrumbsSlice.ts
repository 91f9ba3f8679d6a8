/** Breadcrumb trails of spec §2: each named trail starts at its root and can grow and shrink. */
import { BREADCRUMB_TRAILS, type BreadcrumbTrailKey } from '@ferrite/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAppState } from '../app/actions';

export interface Crumb {
  label: string;
  /** What the step points at (a project, a dashboard...), when it points at something. */
  id?: string;
}

export type BreadcrumbsState = Partial<Record<BreadcrumbTrailKey, Crumb[]>>;

const initialState: BreadcrumbsState = {};

/** The one-step trail a named trail starts from. */
export function trailRoot(trail: BreadcrumbTrailKey): Crumb[] {
  return [{ label: BREADCRUMB_TRAILS[trail] }];
}

const breadcrumbsSlice = createSlice({
  name: 'breadcrumbs',
  initialState,
  reducers: {
    /** Adds a step; a trail not yet started starts from its root first. */
    extendTrail(state, action: PayloadAction<{ trail: BreadcrumbTrailKey; crumb: Crumb }>) {
      const { trail, crumb } = action.payload;
      state[trail] = [...(state[trail] ?? trailRoot(trail)), crumb];
    },
    /** Keeps the steps up to and including the index (clicking a crumb goes back to it). */
    cutTrail(state, action: PayloadAction<{ trail: BreadcrumbTrailKey; index: number }>) {
      const { trail, index } = action.payload;
      const crumbs = state[trail];
      if (crumbs && index >= 0) state[trail] = crumbs.slice(0, index + 1);
    },
    /** Goes back one step; the root stays, since clearing is its own action. */
    popTrail(state, action: PayloadAction<BreadcrumbTrailKey>) {
      const crumbs = state[action.payload];
      if (crumbs && crumbs.length > 1) crumbs.pop();
    },
    clearTrail(state, action: PayloadAction<BreadcrumbTrailKey>) {
      delete state[action.payload];
    },
    resetTrail(state, action: PayloadAction<BreadcrumbTrailKey>) {
      state[action.payload] = trailRoot(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAppState, () => initialState);
  },
});

export const { extendTrail, cutTrail, popTrail, clearTrail, resetTrail } = breadcrumbsSlice.actions;
export const breadcrumbsReducer = breadcrumbsSlice.reducer;
