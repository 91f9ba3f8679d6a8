/** Everything server and web share: schemas, types, registries, rules and constants. */
export * from './apps';
export * from './auth';
export * from './brands';
export * from './clientConfig';
export * from './constants';
export * from './entityManager/index';
export * from './errors';
export * from './iotManager/index';
export * from './lists';
export * from './messages';
export * from './permissions';
export * from './profile';
export * from './roleManager/index';
export * from './telemetry';
export * from './tenantManager';
export * from './validation';
