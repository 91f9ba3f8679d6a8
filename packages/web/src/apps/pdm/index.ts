/** The pdm app's manifest: its icon and accent, and its code loaded on first open. */
import { IconActivityHeartbeat } from '@tabler/icons-react';
import { lazyWithTimeout } from '../../app/chunks';
import { defineManifest } from '../manifest';

export const pdmApp = defineManifest({
  key: 'pdm',
  icon: IconActivityHeartbeat,
  color: 'yellow',
  component: lazyWithTimeout(() => import('./App'), 'pdm'),
  comingSoon: true,
});
