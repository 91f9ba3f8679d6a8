/** Where things sit on the desktop: which apps show, and which way popups open from the taskbar. */
import { APP_KEYS, type AppKey, type MeResponse } from '@ferrite/contracts';

/**
 * The apps this user may open in this organization, in registry order: the org's apps narrowed
 * by the user's abilities (their groups may not grant every app the org has).
 */
export function orgApps(me: MeResponse): AppKey[] {
  return APP_KEYS.filter((key) => me.org.apps.includes(key) && me.abilities.apps.includes(key));
}

/** Where tooltips and menus open so they point away from the screen edge the bar sits on. */
export const TOWARDS_DESKTOP = { bottom: 'top', top: 'bottom', left: 'right', right: 'left' } as const;
