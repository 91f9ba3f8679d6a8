/** The tenantManager app's manifest: its icon and accent, its state, and its code loaded on first open. */
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { lazyWithTimeout } from '../../app/chunks';
import { defineManifest } from '../manifest';
import { tenantReducer } from './store';

export const tenantManagerApp = defineManifest({
  key: 'tenantManager',
  icon: IconBuildingSkyscraper,
  color: 'dark',
  component: lazyWithTimeout(() => import('./App'), 'tenantManager'),
  reducer: tenantReducer,
});
