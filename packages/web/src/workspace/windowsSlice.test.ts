import { APP_KEYS, APPS, firstSection, STACKING_BASE, STACKING_STEP } from '@ferrite/contracts';
import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { resetAppState } from '../app/actions';
import {
  closeApp,
  focusedApp,
  hideApp,
  initialWindow,
  openApp,
  resetApps,
  setCurrentSection,
  setSidebarHidden,
  toggleSidebar,
  topZindex,
  type WindowsState,
  windowsReducer,
} from './windowsSlice';

const start = (): WindowsState => windowsReducer(undefined, { type: 'init' });
const run = (...actions: UnknownAction[]) => actions.reduce(windowsReducer, start());

describe('windows slice', () => {
  it('starts with every app closed, unstacked, on its first section, sidebar shown', () => {
    const state = start();
    for (const key of APP_KEYS) {
      expect(state[key]).toMatchObject({
        appKey: key,
        appName: APPS[key].title,
        appState: 'closed',
        appZindex: 0,
        sidebarHidden: false,
        currentSection: firstSection(APPS[key]),
      });
    }
    expect(topZindex(state)).toBe(STACKING_BASE);
    expect(focusedApp(state)).toBeNull();
  });

  it('lists only visible sections, never hidden links', () => {
    const sections = start().roleManager.appSections.map((s) => s.key);
    expect(sections).toEqual(['roleManager', 'usersGroups', 'users', 'projects']);
    expect(start().alerts.appSections.map((s) => s.key)).toEqual(['alerts', 'inbox']);
  });

  it('opens the first app at 1010 and the second at 1020, both maximized', () => {
    const state = run(openApp('alerts'), openApp('dashboards'));
    expect(state.alerts).toMatchObject({ appState: 'maximize', appZindex: STACKING_BASE + STACKING_STEP });
    expect(state.dashboards).toMatchObject({ appState: 'maximize', appZindex: 1020 });
    expect(focusedApp(state)).toBe('dashboards');
  });

  it('reopening an app raises it above the current top', () => {
    const state = run(openApp('alerts'), openApp('dashboards'), openApp('alerts'));
    expect(state.alerts.appZindex).toBe(1030);
    expect(focusedApp(state)).toBe('alerts');
  });

  it('counts from the current top, not from the number of opens', () => {
    const state = run(openApp('alerts'), openApp('dashboards'), closeApp('dashboards'), openApp('pdm'));
    expect(state.pdm.appZindex).toBe(1020);
  });

  it('hiding minimizes with stacking value 0 and keeps the section', () => {
    const state = run(
      openApp('alerts'),
      setCurrentSection({ appKey: 'alerts', section: 'inbox' }),
      hideApp('alerts'),
    );
    expect(state.alerts).toMatchObject({ appState: 'minimize', appZindex: 0, currentSection: 'inbox' });
    expect(focusedApp(state)).toBeNull();
  });

  it('restoring a minimized app raises it again', () => {
    const state = run(openApp('alerts'), openApp('pdm'), hideApp('alerts'), openApp('alerts'));
    expect(state.alerts).toMatchObject({ appState: 'maximize', appZindex: 1030 });
  });

  it('closing sets closed, stacking 0 and resets the section to the first one', () => {
    const state = run(
      openApp('roleManager'),
      setCurrentSection({ appKey: 'roleManager', section: 'users' }),
      closeApp('roleManager'),
    );
    expect(state.roleManager).toMatchObject({
      appState: 'closed',
      appZindex: 0,
      currentSection: 'roleManager',
    });
  });

  it('reopening a closed app starts at its first section', () => {
    const state = run(
      openApp('dataInsights'),
      setCurrentSection({ appKey: 'dataInsights', section: 'analyzer' }),
      closeApp('dataInsights'),
      openApp('dataInsights'),
    );
    expect(state.dataInsights).toMatchObject({ appState: 'maximize', currentSection: 'home' });
  });

  it('reset restores every app except digitalTwin', () => {
    const state = run(
      openApp('digitalTwin'),
      setCurrentSection({ appKey: 'digitalTwin', section: 'open' }),
      toggleSidebar('digitalTwin'),
      openApp('alerts'),
      toggleSidebar('alerts'),
      openApp('reportWizard'),
      setCurrentSection({ appKey: 'reportWizard', section: 'templates' }),
      resetApps(),
    );
    expect(state.alerts).toEqual(initialWindow('alerts'));
    expect(state.reportWizard).toEqual(initialWindow('reportWizard'));
    expect(state.digitalTwin).toMatchObject({
      appState: 'maximize',
      appZindex: 1010,
      currentSection: 'open',
      sidebarHidden: true,
    });
  });

  it('toggles and sets the sidebar-hidden flag per app', () => {
    let state = run(toggleSidebar('alerts'));
    expect(state.alerts.sidebarHidden).toBe(true);
    expect(state.dashboards.sidebarHidden).toBe(false);
    state = windowsReducer(state, toggleSidebar('alerts'));
    expect(state.alerts.sidebarHidden).toBe(false);
    state = windowsReducer(state, setSidebarHidden({ appKey: 'alerts', hidden: true }));
    expect(state.alerts.sidebarHidden).toBe(true);
  });

  it('sets the current section per app', () => {
    const state = run(
      setCurrentSection({ appKey: 'iotManager', section: 'gateways' }),
      setCurrentSection({ appKey: 'alerts', section: 'inbox' }),
    );
    expect(state.iotManager.currentSection).toBe('gateways');
    expect(state.alerts.currentSection).toBe('inbox');
  });

  it('ignores unknown sections', () => {
    const state = run(setCurrentSection({ appKey: 'dashboards', section: 'nope' }));
    expect(state.dashboards.currentSection).toBe('dashboards');
  });

  it('goes to a hidden link when an app leads there (no menu shows it)', () => {
    const state = run(setCurrentSection({ appKey: 'roleManager', section: 'activity' }));
    expect(state.roleManager.currentSection).toBe('activity');
    expect(state.roleManager.appSections.map((s) => s.key)).not.toContain('activity');
  });

  it('keeps the app state serializable', () => {
    const state = run(openApp('alerts'));
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe('windows on resetAppState (sign-out)', () => {
  it('closes every app, digitalTwin included', () => {
    const state = run(openApp('digitalTwin'), openApp('alerts'), resetAppState());
    expect(state).toEqual(start());
  });
});
