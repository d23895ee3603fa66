export * from './route-table.ts';
export * from './paths.ts';
export * from './state.ts';
export * from './navigation.ts';
export * from './remote.ts';
export { API_VERSION } from './api.ts';
export * from './balance.ts';
export * from './site-content.ts';
export * from './startup.ts';
