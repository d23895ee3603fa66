export * from './route-table.ts';
export * from './paths.ts';
export * from './state.ts';
export * from './navigation.ts';
export * from './remote.ts';

/** API version sent as `v` (§9: app version 2.34). */
export const API_VERSION = '2.34';
export * from './site-content.ts';
export * from './startup.ts';
