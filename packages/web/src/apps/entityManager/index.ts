/** The entityManager app's manifest: its icon and accent, its state, and its code loaded on first open. */
import { IconHierarchy3 } from '@tabler/icons-react';
import { lazyWithTimeout } from '../../app/chunks';
import { defineManifest } from '../manifest';
import { preloadMapAfterFirstPaint } from './map/preloadMap';
import { entityManagerReducer } from './store';

export const entityManagerApp = defineManifest({
  key: 'entityManager',
  icon: IconHierarchy3,
  color: 'teal',
  component: lazyWithTimeout(() => import('./App'), 'entityManager'),
  reducer: entityManagerReducer,
});

preloadMapAfterFirstPaint();
