/** App window state of spec §3-§4: one window per app, stacked by z-index, opened maximized. */
import {
  APP_KEYS,
  APPS,
  type AppKey,
  type AppSection,
  firstSection,
  STACKING_BASE,
  STACKING_STEP,
  visibleSections,
} from '@ferrite/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAppState } from '../app/actions';

export type AppWindowMode = 'closed' | 'maximize' | 'minimize';

export interface AppWindowState {
  appName: string;
  appKey: AppKey;
  /** Key of the icon in the app registry: components cannot live in serializable state. */
  appIcon: string;
  /** The sections a menu shows (hidden links are left out). */
  appSections: AppSection[];
  /** Names the icon set the sidebar draws section icons from (one set per app). */
  appSectionsIconFile: string;
  currentSection: string;
  appState: AppWindowMode;
  sidebarHidden: boolean;
  appZindex: number;
}

export type WindowsState = Record<AppKey, AppWindowState>;

/** The closed, unstacked window an app starts as. */
export function initialWindow(appKey: AppKey): AppWindowState {
  const app = APPS[appKey];
  return {
    appName: app.title,
    appKey,
    appIcon: appKey,
    appSections: visibleSections(app),
    appSectionsIconFile: `${appKey}-sections`,
    currentSection: firstSection(app),
    appState: 'closed',
    sidebarHidden: false,
    appZindex: 0,
  };
}

function initialState(): WindowsState {
  return Object.fromEntries(APP_KEYS.map((key) => [key, initialWindow(key)])) as WindowsState;
}

/** The highest stacking value in use; STACKING_BASE when nothing is stacked. */
export function topZindex(state: WindowsState): number {
  return Math.max(STACKING_BASE, ...APP_KEYS.map((key) => state[key].appZindex));
}

/** The open (maximized) app drawn on top, if any. */
export function focusedApp(state: WindowsState): AppKey | null {
  let best: AppWindowState | null = null;
  for (const key of APP_KEYS) {
    const window = state[key];
    if (window.appState === 'maximize' && (!best || window.appZindex > best.appZindex)) best = window;
  }
  return best?.appKey ?? null;
}

const windowsSlice = createSlice({
  name: 'windows',
  initialState,
  reducers: {
    /** Raises the app above every other (top + step) and maximizes it. */
    openApp(state, action: PayloadAction<AppKey>) {
      const window = state[action.payload];
      window.appZindex = topZindex(state) + STACKING_STEP;
      window.appState = 'maximize';
    },
    /** Minimizes the app; a minimized window takes no stacking slot. */
    hideApp(state, action: PayloadAction<AppKey>) {
      const window = state[action.payload];
      window.appState = 'minimize';
      window.appZindex = 0;
    },
    /** Closes the app and sends it back to its first section. */
    closeApp(state, action: PayloadAction<AppKey>) {
      const window = state[action.payload];
      window.appState = 'closed';
      window.currentSection = firstSection(APPS[action.payload]);
      window.appZindex = 0;
    },
    /** Restores every app except digitalTwin, whose editor keeps its window across resets. */
    resetApps(state) {
      for (const key of APP_KEYS) {
        if (key !== 'digitalTwin') state[key] = initialWindow(key);
      }
    },
    toggleSidebar(state, action: PayloadAction<AppKey>) {
      const window = state[action.payload];
      window.sidebarHidden = !window.sidebarHidden;
    },
    setSidebarHidden(state, action: PayloadAction<{ appKey: AppKey; hidden: boolean }>) {
      state[action.payload.appKey].sidebarHidden = action.payload.hidden;
    },
    /** Moves the app to one of its visible sections; hidden (dead) links and unknown keys are ignored. */
    setCurrentSection(state, action: PayloadAction<{ appKey: AppKey; section: string }>) {
      const window = state[action.payload.appKey];
      // Any registered section, hidden links included: no menu shows them, but an app may still
      // lead there from its own pages (Role Manager's Activity is reached from its Home).
      if (APPS[action.payload.appKey].sections.some((section) => section.key === action.payload.section)) {
        window.currentSection = action.payload.section;
      }
    },
  },
  extraReducers: (builder) => {
    // Signing out clears app state: the next user starts on an empty desktop, digitalTwin included.
    builder.addCase(resetAppState, () => initialState());
  },
});

export const { openApp, hideApp, closeApp, resetApps, toggleSidebar, setSidebarHidden, setCurrentSection } =
  windowsSlice.actions;
export const windowsReducer = windowsSlice.reducer;
