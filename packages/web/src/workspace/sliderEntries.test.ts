import { describe, expect, it } from 'vitest';
import { sliderEntries } from './sliderEntries';
import { hideApp, openApp, windowsReducer } from './windowsSlice';

describe('slider entries', () => {
  it('lists open apps front-first, then minimized, then recent closed apps of the org', () => {
    const windows = [openApp('alerts'), openApp('pdm'), openApp('dashboards'), hideApp('dashboards')].reduce(
      windowsReducer,
      windowsReducer(undefined, { type: 'init' }),
    );
    const recentApps = { apps: ['dashboards', 'reportWizard', 'pdm', 'tenantManager', 'alerts'] as const };
    const entries = sliderEntries({ windows, recentApps: { apps: [...recentApps.apps] } }, [
      'alerts',
      'dashboards',
      'pdm',
      'reportWizard',
    ]);
    expect(entries).toEqual([
      { key: 'pdm', status: 'Open' },
      { key: 'alerts', status: 'Open' },
      { key: 'dashboards', status: 'Minimized' },
      { key: 'reportWizard', status: 'Recent' },
    ]);
  });

  it('is empty on a fresh desktop', () => {
    expect(
      sliderEntries({ windows: windowsReducer(undefined, { type: 'init' }), recentApps: { apps: [] } }, [
        'pdm',
      ]),
    ).toEqual([]);
  });
});
