/** The roleManager app's manifest: its icon and accent, its list stores, and its code loaded on first open. */
import { IconUsersGroup } from '@tabler/icons-react';
import { lazyWithTimeout } from '../../app/chunks';
import { defineManifest } from '../manifest';
import { roleManagerReducer } from './state';

export const roleManagerApp = defineManifest({
  key: 'roleManager',
  icon: IconUsersGroup,
  color: 'indigo',
  component: lazyWithTimeout(() => import('./App'), 'roleManager'),
  reducer: roleManagerReducer,
});
