/** Entity Manager contracts. */
export * from './entities';
export * from './hierarchy';
export * from './types';
