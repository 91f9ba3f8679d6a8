/** The digitalTwin app's manifest: its icon and accent, and its code loaded on first open. */
import { IconCube3dSphere } from '@tabler/icons-react';
import { lazyWithTimeout } from '../../app/chunks';
import { defineManifest } from '../manifest';

export const digitalTwinApp = defineManifest({
  key: 'digitalTwin',
  icon: IconCube3dSphere,
  color: 'lime',
  component: lazyWithTimeout(() => import('./App'), 'digitalTwin'),
  comingSoon: true,
});
