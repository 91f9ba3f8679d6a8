/** Recently visited apps (spec §3-§4): newest first, never the same app twice. */
import { type AppKey, isAppKey } from '@ferrite/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAppState } from '../app/actions';

export interface RecentAppsState {
  apps: AppKey[];
}

const initialState: RecentAppsState = { apps: [] };

/** The list with the app moved to the front and any earlier visit removed. */
export function withVisit(apps: readonly AppKey[], appKey: AppKey): AppKey[] {
  return [appKey, ...apps.filter((key) => key !== appKey)];
}

/** Drops unknown keys and repeats (the first, newest occurrence wins) from a stored list. */
export function cleanRecentApps(apps: readonly string[]): AppKey[] {
  const seen = new Set<AppKey>();
  for (const key of apps) if (isAppKey(key)) seen.add(key);
  return [...seen];
}

const recentAppsSlice = createSlice({
  name: 'recentApps',
  initialState,
  reducers: {
    visitApp(state, action: PayloadAction<AppKey>) {
      state.apps = withVisit(state.apps, action.payload);
    },
    /** Replaces the list with the one saved in the profile. */
    loadRecentApps(state, action: PayloadAction<readonly string[]>) {
      state.apps = cleanRecentApps(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAppState, () => initialState);
  },
});

export const { visitApp, loadRecentApps } = recentAppsSlice.actions;
export const recentAppsReducer = recentAppsSlice.reducer;
