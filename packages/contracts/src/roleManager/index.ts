/** Role Manager contracts. */
export * from './activity';
export * from './invitations';
export * from './projects';
export * from './roles';
export * from './userGroups';
export * from './users';
