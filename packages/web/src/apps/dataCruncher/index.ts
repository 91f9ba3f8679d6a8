/** The dataCruncher app's manifest: its icon and accent, and its code loaded on first open. */
import { IconDatabaseCog } from '@tabler/icons-react';
import { lazyWithTimeout } from '../../app/chunks';
import { defineManifest } from '../manifest';

export const dataCruncherApp = defineManifest({
  key: 'dataCruncher',
  icon: IconDatabaseCog,
  color: 'cyan',
  component: lazyWithTimeout(() => import('./App'), 'dataCruncher'),
  comingSoon: true,
});
