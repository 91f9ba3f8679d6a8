/** Stream Logic: node kinds, logic chains with revisions, and their live trace. */
export * from './nodes';
export * from './pipelines';
export * from './trace';
