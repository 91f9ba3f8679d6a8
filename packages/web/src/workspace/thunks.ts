/** Workspace actions that touch more than one slice or the server. */
import type { AppKey } from '@ferrite/contracts';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { profileApi } from './profileApi';
import { type RecentAppsState, visitApp } from './recentAppsSlice';
import { focusedApp, hideApp, openApp, type WindowsState } from './windowsSlice';
import { setLauncherOpen, setSliderOpen } from './workspaceUiSlice';

// Typed on the slices it reads, so any store holding the workspace reducers can run it.
type Thunk = ThunkAction<
  void,
  { windows: WindowsState; recentApps: RecentAppsState },
  unknown,
  UnknownAction
>;

/** Opens an app the user chose (launcher, desktop, slider) and saves it first in the recent apps. */
export function launchApp(appKey: AppKey): Thunk {
  return (dispatch, getState) => {
    const before = getState().recentApps.apps;
    dispatch(openApp(appKey));
    dispatch(visitApp(appKey));
    dispatch(setLauncherOpen(false));
    dispatch(setSliderOpen(false));
    const after = getState().recentApps.apps;
    // Reopening the newest app changes nothing worth a round trip.
    if (after.join() !== before.join()) {
      dispatch(
        profileApi.endpoints.updateSettings.initiate({ visual_settings: { recently_visited_apps: after } }),
      );
    }
  };
}

/** Brings an open window to the front unless it already is. */
export function focusApp(appKey: AppKey): Thunk {
  return (dispatch, getState) => {
    if (focusedApp(getState().windows) !== appKey) dispatch(openApp(appKey));
  };
}

/** A taskbar button: minimizes the front window, otherwise brings the app forward. */
export function toggleFromTaskbar(appKey: AppKey): Thunk {
  return (dispatch, getState) => {
    if (focusedApp(getState().windows) === appKey) dispatch(hideApp(appKey));
    else dispatch(openApp(appKey));
  };
}
