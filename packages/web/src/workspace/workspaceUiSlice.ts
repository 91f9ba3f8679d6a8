/** Desktop chrome state: which overlay is up (launcher, app slider, settings, lock screen). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAppState } from '../app/actions';

export type SettingsTab = 'appearance' | 'profile';

export interface WorkspaceUiState {
  launcherOpen: boolean;
  sliderOpen: boolean;
  settingsOpen: boolean;
  settingsTab: SettingsTab;
  locked: boolean;
}

const initialState: WorkspaceUiState = {
  launcherOpen: false,
  sliderOpen: false,
  settingsOpen: false,
  settingsTab: 'appearance',
  locked: false,
};

const workspaceUiSlice = createSlice({
  name: 'workspaceUi',
  initialState,
  reducers: {
    setLauncherOpen(state, action: PayloadAction<boolean>) {
      state.launcherOpen = action.payload;
      if (action.payload) state.sliderOpen = false;
    },
    setSliderOpen(state, action: PayloadAction<boolean>) {
      state.sliderOpen = action.payload;
      if (action.payload) state.launcherOpen = false;
    },
    openSettings(state, action: PayloadAction<SettingsTab | undefined>) {
      state.settingsOpen = true;
      state.settingsTab = action.payload ?? state.settingsTab;
      state.launcherOpen = false;
      state.sliderOpen = false;
    },
    closeSettings(state) {
      state.settingsOpen = false;
    },
    setSettingsTab(state, action: PayloadAction<SettingsTab>) {
      state.settingsTab = action.payload;
    },
    /** Locking closes every overlay so nothing stays reachable behind the lock screen. */
    lock(state) {
      return { ...state, launcherOpen: false, sliderOpen: false, settingsOpen: false, locked: true };
    },
    unlock(state) {
      state.locked = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAppState, () => initialState);
  },
});

export const { setLauncherOpen, setSliderOpen, openSettings, closeSettings, setSettingsTab, lock, unlock } =
  workspaceUiSlice.actions;
export const workspaceUiReducer = workspaceUiSlice.reducer;
