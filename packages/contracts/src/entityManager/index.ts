/** Entity Manager contracts. */
export * from './entities';
export * from './hierarchy';
export * from './projects';
export * from './types';
