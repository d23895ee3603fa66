/**
 * The marker header on state-changing calls (architecture.md): `X-App-Client: web/2.34` (the
 * platform type replaces `web` in the installed and web-view apps). A cross-site form cannot set
 * it, so a forged request never changes state.
 */
const MARKER = /^(web|pwa|webview)\/[\w.-]{1,32}$/;

export function hasMarker(value: unknown): boolean {
  return typeof value === 'string' && MARKER.test(value);
}
