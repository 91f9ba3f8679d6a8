/**
 * The "Coming soon" mark of an app that is not built yet (its manifest's `comingSoon`), on its tile in
 * the desktop, the launcher and the app slider, so nobody opens it expecting a working app.
 */
import type { AppKey } from '@ferrite/contracts';
import { APP_MANIFESTS } from '../apps/registry';
import { AppTile } from './AppTile';
import classes from './ComingSoon.module.css';

/** What the mark says. */
export const COMING_SOON = 'Coming soon';

/** True while the app's manifest says it is not built yet. */
export function isComingSoon(appKey: AppKey): boolean {
  return APP_MANIFESTS[appKey].comingSoon === true;
}

/** The "Coming soon" pill of an app that is not built yet; nothing for a built one. */
export function ComingSoonMark({ appKey }: { appKey: AppKey }) {
  if (!isComingSoon(appKey)) return null;
  return (
    <span className={classes.mark} data-coming-soon={appKey}>
      {COMING_SOON}
    </span>
  );
}

/** The app's tile, with the pill across its lower edge when the app is not built yet. */
export function LaunchTile({ appKey, size }: { appKey: AppKey; size?: number }) {
  if (!isComingSoon(appKey)) return <AppTile appKey={appKey} size={size} />;
  return (
    <span className={classes.tile}>
      <AppTile appKey={appKey} size={size} />
      <ComingSoonMark appKey={appKey} />
    </span>
  );
}
