export * from './alerts';
export * from './conditions';
export * from './rules';
