/**
 * The seven script-loaded providers (§9), one module each, in one chunk: each is a page of code,
 * and one chunk rather than seven keeps the first screen's chunk map as it was (every lazy chunk
 * is an entry there).
 */
export { crisp } from './crisp.ts';
export { freshchat } from './freshchat.ts';
export { intercom } from './intercom.ts';
export { jivo } from './jivo.ts';
export { liveChat } from './livechat.ts';
export { tawk } from './tawk.ts';
export { zendesk } from './zendesk.ts';
