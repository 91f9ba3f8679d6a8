/** The dataInsights app's manifest: its icon and accent, and its code loaded on first open. */
import { IconChartDots3 } from '@tabler/icons-react';
import { lazyWithTimeout } from '../../app/chunks';
import { defineManifest } from '../manifest';

export const dataInsightsApp = defineManifest({
  key: 'dataInsights',
  icon: IconChartDots3,
  color: 'violet',
  component: lazyWithTimeout(() => import('./App'), 'dataInsights'),
  comingSoon: true,
});
