export * from './constants.js';
export * from './errors.js';
export * from './roles.js';
export * from './shell/runtime-config.js';
export * from './users/settings.js';
export * from './users/me.js';
export * from './health/health.js';
