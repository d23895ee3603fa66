// The page rules (statuses of a first request, redirects, protected paths) are their own entry,
// `@northstar/shell-sdk/page-rules`: the platform and the shell's guard import them there, and
// this index is in every page's shared chunk.
export * from './route-table.ts';
export * from './paths.ts';
export * from './state.ts';
export * from './navigation.ts';
export * from './remote.ts';
export { API_VERSION, methodRef, sdkApi as pageApi } from './api.ts';
export { isApiError } from '@northstar/errors';
export * from './balance.ts';
export * from './redirects.ts';
export * from './site-content.ts';
export * from './startup.ts';
export * from './dialogs.ts';
export * from './toasts.ts';
export * from './after-sign-in.ts';
export * from './auth-dialog.ts';
export * from './game-layout.ts';
export { useDisplayOffset } from './display-offset.ts';
export { requestFetch, scopeRenderFetch } from './render-fetch.ts';
