/**
 * `@northstar/shell-sdk/host`: the §1 platform types and the native host's bridge (issue #28).
 *
 * - `web`: a browser tab.
 * - `pwa`: the installed web app (the manifest's `display: standalone`): the browser's own bar
 *   and back button are gone. Known from `(display-mode: standalone)` (iOS: `navigator.standalone`),
 *   or from `<html data-platform="pwa">`, which the platform writes on the page the manifest starts
 *   at (`?platform=pwa`).
 * - `webview`: the site inside an operator's native app. The platform writes
 *   `<html data-platform="webview">` when the page was asked with `?platform=webview` (kept for
 *   the browsing session in a cookie) or by a user agent carrying one of the operator's tokens
 *   (`WEBVIEW_UA_TOKENS`, apps/platform/src/web/platform-type.ts).
 *
 * The type goes in the marker header (`X-App-Client: webview/2.34`), and the layout hides what
 * the host provides (apps/shell/src/host); the host's bridge is `@northstar/shell-sdk/host-bridge`
 * (apart, so that every page's chunk carries only this). Plain functions, browser-only when
 * called; on the server every page is `web` (the HTML attribute does the server's part).
 */

export type PlatformType = 'web' | 'pwa' | 'webview';

/** The `<html>` attribute the platform writes for the installed and web-view apps. */
export const PLATFORM_ATTRIBUTE = 'data-platform';

/** This page's platform type (`web` on the server). */
export function platformType(): PlatformType {
  if (typeof document === 'undefined') return 'web';
  const marked = document.documentElement.getAttribute(PLATFORM_ATTRIBUTE);
  if (marked === 'webview' || marked === 'pwa') return marked;
  if (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches) {
    return 'pwa';
  }
  return (navigator as Navigator & { standalone?: boolean }).standalone === true ? 'pwa' : 'web';
}
