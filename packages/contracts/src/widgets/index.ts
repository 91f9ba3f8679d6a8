/** Widget catalogue contracts: kinds, variants, config schema, thresholds, text settings, series. */
export * from './color';
export * from './config';
export * from './kinds';
export * from './series';
export * from './textSettings';
export * from './thresholds';
export * from './variants';
export * from './widgetData';
