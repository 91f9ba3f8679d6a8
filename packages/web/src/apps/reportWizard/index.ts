/** The reportWizard app's manifest: its icon and accent, and its code loaded on first open. */
import { IconReportAnalytics } from '@tabler/icons-react';
import { lazyWithTimeout } from '../../app/chunks';
import { defineManifest } from '../manifest';

export const reportWizardApp = defineManifest({
  key: 'reportWizard',
  icon: IconReportAnalytics,
  color: 'green',
  component: lazyWithTimeout(() => import('./App'), 'reportWizard'),
  comingSoon: true,
});
