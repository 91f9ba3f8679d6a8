/** Stream Logic: node kinds, logic chains with revisions, their live trace, and the projects list. */
export * from './nodes';
export * from './pipelines';
export * from './projects';
export * from './trace';
