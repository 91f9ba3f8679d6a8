/** The streamLogic app's manifest: its icon and accent, and its code loaded on first open. */
import { IconRoute2 } from '@tabler/icons-react';
import { lazyWithTimeout } from '../../app/chunks';
import { defineManifest } from '../manifest';

export const streamLogicApp = defineManifest({
  key: 'streamLogic',
  icon: IconRoute2,
  color: 'pink',
  component: lazyWithTimeout(() => import('./App'), 'streamLogic'),
});
