/** The dashboards app's manifest: its icon and accent, and its code loaded on first open. */
import { IconLayoutDashboard } from '@tabler/icons-react';
import { lazyWithTimeout } from '../../app/chunks';
import { defineManifest } from '../manifest';

export const dashboardsApp = defineManifest({
  key: 'dashboards',
  icon: IconLayoutDashboard,
  color: 'blue',
  component: lazyWithTimeout(() => import('./App'), 'dashboards'),
});
