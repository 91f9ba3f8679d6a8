/** The iotManager app's manifest: its icon and accent, and its code loaded on first open. */
import { IconRouter } from '@tabler/icons-react';
import { lazyWithTimeout } from '../../app/chunks';
import { defineManifest } from '../manifest';

export const iotManagerApp = defineManifest({
  key: 'iotManager',
  icon: IconRouter,
  color: 'orange',
  component: lazyWithTimeout(() => import('./App'), 'iotManager'),
});
