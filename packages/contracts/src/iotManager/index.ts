export * from './commands';
export * from './deviceProtocol';
export * from './firmware';
export * from './gateways';
export * from './jsonPath';
export * from './logs';
export * from './mapping';
export * from './realtime';
