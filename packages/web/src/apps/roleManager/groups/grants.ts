/**
 * The permissions matrix as pure functions (spec §6 "allowed apps and action items, select all
 * possible"): an app switch, a checkbox per action, select-all per app and across every app.
 */
import {
  type AppKey,
  appPermissions,
  isPermission,
  type Permission,
  permissionApp,
} from '@ferrite/contracts';

/** What a group (or role) allows: apps, and actions inside them. */
export interface Grants {
  apps: AppKey[];
  permissions: Permission[];
}

/** How much of a set of checkboxes is ticked, for a checkbox's checked/indeterminate look. */
export type Selection = 'none' | 'some' | 'all';

const without = <T>(list: T[], drop: (item: T) => boolean) => list.filter((item) => !drop(item));
const withAll = <T>(list: T[], add: T[]) => [...list, ...add.filter((item) => !list.includes(item))];
const ofApp = (app: AppKey) => (permission: Permission) => permissionApp(permission) === app;

/** Allows an app (with its 'view' action, which opens it) or takes the app and all its actions away. */
export function setAppAllowed(grants: Grants, app: AppKey, allowed: boolean): Grants {
  if (!allowed) {
    return {
      apps: without(grants.apps, (a) => a === app),
      permissions: without(grants.permissions, ofApp(app)),
    };
  }
  return {
    apps: withAll(grants.apps, [app]),
    permissions: withAll(grants.permissions, [`${app}.view` as Permission]),
  };
}

/** Ticks or clears one action; ticking an action of an app not allowed yet allows the app. */
export function setActionAllowed(grants: Grants, permission: Permission, allowed: boolean): Grants {
  if (!allowed) return { ...grants, permissions: without(grants.permissions, (p) => p === permission) };
  return {
    apps: withAll(grants.apps, [permissionApp(permission)]),
    permissions: withAll(grants.permissions, [permission]),
  };
}

/** Select-all of one app: every action and the app, or nothing of it. */
export function setAppAll(grants: Grants, app: AppKey, all: boolean): Grants {
  if (!all) return setAppAllowed(grants, app, false);
  return { apps: withAll(grants.apps, [app]), permissions: withAll(grants.permissions, appPermissions(app)) };
}

/** Select-all across the given apps (the ones this organization can grant). */
export function setEverything(grants: Grants, apps: AppKey[], all: boolean): Grants {
  return apps.reduce((next, app) => setAppAll(next, app, all), grants);
}

/** How many of an app's actions are ticked. */
export function appSelection(grants: Grants, app: AppKey): Selection {
  const all = appPermissions(app);
  const held = all.filter((p) => grants.permissions.includes(p)).length;
  if (held === 0) return 'none';
  return held === all.length && grants.apps.includes(app) ? 'all' : 'some';
}

/** How many of every app's actions are ticked. */
export function overallSelection(grants: Grants, apps: AppKey[]): Selection {
  const states = apps.map((app) => appSelection(grants, app));
  if (states.length > 0 && states.every((s) => s === 'all')) return 'all';
  return states.every((s) => s === 'none') ? 'none' : 'some';
}

/** Grants of a role, which stores only permissions: an app counts as allowed when any action is. */
export function grantsFromPermissions(permissions: readonly string[]): Grants {
  const valid = permissions.filter(isPermission);
  return { apps: [...new Set(valid.map(permissionApp))], permissions: valid };
}
