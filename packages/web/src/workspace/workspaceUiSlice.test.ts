import { describe, expect, it } from 'vitest';
import { resetAppState } from '../app/actions';
import {
  closeSettings,
  lock,
  openSettings,
  setLauncherOpen,
  setSettingsTab,
  setSliderOpen,
  unlock,
  workspaceUiReducer,
} from './workspaceUiSlice';

const start = () => workspaceUiReducer(undefined, { type: 'init' });

describe('workspace ui', () => {
  it('starts with nothing open and unlocked', () => {
    expect(start()).toEqual({
      launcherOpen: false,
      sliderOpen: false,
      settingsOpen: false,
      settingsTab: 'appearance',
      locked: false,
    });
  });

  it('shows the launcher or the slider, never both', () => {
    let state = workspaceUiReducer(start(), setLauncherOpen(true));
    state = workspaceUiReducer(state, setSliderOpen(true));
    expect(state).toMatchObject({ launcherOpen: false, sliderOpen: true });
    state = workspaceUiReducer(state, setLauncherOpen(true));
    expect(state).toMatchObject({ launcherOpen: true, sliderOpen: false });
  });

  it('opens settings on a tab and closes the launcher', () => {
    let state = workspaceUiReducer(start(), setLauncherOpen(true));
    state = workspaceUiReducer(state, openSettings('profile'));
    expect(state).toMatchObject({ settingsOpen: true, settingsTab: 'profile', launcherOpen: false });
    state = workspaceUiReducer(state, setSettingsTab('appearance'));
    state = workspaceUiReducer(state, closeSettings());
    expect(state).toMatchObject({ settingsOpen: false, settingsTab: 'appearance' });
    expect(workspaceUiReducer(state, openSettings(undefined)).settingsTab).toBe('appearance');
  });

  it('locking closes every overlay; unlocking only lifts the lock', () => {
    let state = workspaceUiReducer(start(), openSettings('profile'));
    state = workspaceUiReducer(state, lock());
    expect(state).toMatchObject({
      locked: true,
      settingsOpen: false,
      launcherOpen: false,
      sliderOpen: false,
    });
    expect(workspaceUiReducer(state, unlock()).locked).toBe(false);
  });
});

describe('workspace ui on resetAppState (sign-out)', () => {
  it('returns to the initial state, unlocked', () => {
    const state = workspaceUiReducer(workspaceUiReducer(undefined, lock()), resetAppState());
    expect(state).toEqual(start());
  });
});
