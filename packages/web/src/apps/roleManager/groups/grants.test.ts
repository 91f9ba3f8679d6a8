import { appPermissions } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import {
  appSelection,
  type Grants,
  grantsFromPermissions,
  overallSelection,
  setActionAllowed,
  setAppAll,
  setAppAllowed,
  setEverything,
} from './grants';

const none: Grants = { apps: [], permissions: [] };

describe('permissions matrix', () => {
  it('allowing an app grants its view action; disallowing takes every action of it away', () => {
    const on = setAppAllowed(none, 'dashboards', true);
    expect(on).toEqual({ apps: ['dashboards'], permissions: ['dashboards.view'] });
    const more = setActionAllowed(on, 'dashboards.share', true);
    expect(setAppAllowed(more, 'dashboards', false)).toEqual(none);
  });

  it('ticking an action of an app not allowed yet allows the app', () => {
    expect(setActionAllowed(none, 'alerts.acknowledge', true)).toEqual({
      apps: ['alerts'],
      permissions: ['alerts.acknowledge'],
    });
  });

  it('select-all per app ticks every action and shows all, some or none', () => {
    const all = setAppAll(none, 'alerts', true);
    expect(all.permissions).toEqual(appPermissions('alerts'));
    expect(appSelection(all, 'alerts')).toBe('all');
    expect(appSelection(setActionAllowed(all, 'alerts.manageRules', false), 'alerts')).toBe('some');
    expect(appSelection(setAppAll(all, 'alerts', false), 'alerts')).toBe('none');
  });

  it('select-all overall covers every grantable app and clears them again', () => {
    const apps = ['dashboards', 'alerts', 'pdm'] as const;
    const everything = setEverything(none, [...apps], true);
    expect(everything.apps).toEqual([...apps]);
    expect(everything.permissions).toHaveLength(
      apps.reduce((sum, app) => sum + appPermissions(app).length, 0),
    );
    expect(overallSelection(everything, [...apps])).toBe('all');
    expect(overallSelection(setAppAllowed(everything, 'pdm', false), [...apps])).toBe('some');
    expect(setEverything(everything, [...apps], false)).toEqual(none);
  });

  it('reads a role, which keeps only permissions, as apps plus actions', () => {
    expect(grantsFromPermissions(['alerts.view', 'dashboards.edit', 'nonsense'])).toEqual({
      apps: ['alerts', 'dashboards'],
      permissions: ['alerts.view', 'dashboards.edit'],
    });
  });
});
