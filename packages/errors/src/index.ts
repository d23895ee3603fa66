// The two-factor and loyalty helpers are their own entries (`@northstar/errors/two-factor`,
// `@northstar/errors/loyalty`): this index is shared by every page through the shell, and only
// the auth, profile and loyalty parts and the platform use them.
export * from './catalogue.ts';
export * from './api-error.ts';
export * from './ui.ts';
