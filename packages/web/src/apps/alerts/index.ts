/** The alerts app's manifest: its icon and accent, and its code loaded on first open. */
import { IconBellRinging } from '@tabler/icons-react';
import { lazyWithTimeout } from '../../app/chunks';
import { defineManifest } from '../manifest';

export const alertsApp = defineManifest({
  key: 'alerts',
  icon: IconBellRinging,
  color: 'red',
  component: lazyWithTimeout(() => import('./App'), 'alerts'),
});
