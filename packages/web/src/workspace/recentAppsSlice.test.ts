import { describe, expect, it } from 'vitest';
import { resetAppState } from '../app/actions';
import { cleanRecentApps, loadRecentApps, recentAppsReducer, visitApp, withVisit } from './recentAppsSlice';

describe('recent apps', () => {
  it('starts empty', () => {
    expect(recentAppsReducer(undefined, { type: 'init' })).toEqual({ apps: [] });
  });

  it('puts an opened app first', () => {
    const state = [visitApp('alerts'), visitApp('pdm')].reduce(recentAppsReducer, { apps: [] });
    expect(state.apps).toEqual(['pdm', 'alerts']);
  });

  it('moves an app visited again to the front without duplicating it', () => {
    const state = [visitApp('alerts'), visitApp('pdm'), visitApp('dashboards'), visitApp('alerts')].reduce(
      recentAppsReducer,
      { apps: [] },
    );
    expect(state.apps).toEqual(['alerts', 'dashboards', 'pdm']);
  });

  it('withVisit leaves the input untouched', () => {
    const apps = ['pdm', 'alerts'] as const;
    expect(withVisit(apps, 'alerts')).toEqual(['alerts', 'pdm']);
    expect(apps).toEqual(['pdm', 'alerts']);
  });

  it('loads the saved list, dropping unknown keys and repeats', () => {
    expect(cleanRecentApps(['pdm', 'bogus', 'alerts', 'pdm'])).toEqual(['pdm', 'alerts']);
    const state = recentAppsReducer({ apps: ['dashboards'] }, loadRecentApps(['alerts', 'alerts']));
    expect(state.apps).toEqual(['alerts']);
  });
});

describe('recent apps on resetAppState (sign-out)', () => {
  it('empties the list', () => {
    expect(recentAppsReducer({ apps: ['pdm'] }, resetAppState())).toEqual({ apps: [] });
  });
});
