/** The widgetManager app's manifest: its icon and accent, and its code loaded on first open. */
import { IconPuzzle } from '@tabler/icons-react';
import { lazyWithTimeout } from '../../app/chunks';
import { defineManifest } from '../manifest';

export const widgetManagerApp = defineManifest({
  key: 'widgetManager',
  icon: IconPuzzle,
  color: 'grape',
  component: lazyWithTimeout(() => import('./App'), 'widgetManager'),
  comingSoon: true,
});
