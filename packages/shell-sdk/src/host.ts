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
 * the host provides (apps/shell/src/host). Plain functions, browser-only when called; on the
 * server every page is `web` (the HTML attribute does the server's part).
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

/** Why the page hands a URL to the host: a link off the site, or a payment provider's page. */
export type HostPurpose = 'external' | 'payment';

/**
 * The one message the site sends its native host: `{ type: 'northstar:open', purpose, url }`.
 * The host opens the URL its own way (the system browser, an in-app browser tab for a payment)
 * and the page stays where it is.
 */
export interface HostOpenMessage {
  type: 'northstar:open';
  purpose: HostPurpose;
  url: string;
}

interface HostWindow {
  /** React Native's WebView (`onMessage` gets the string). */
  ReactNativeWebView?: { postMessage(message: string): void };
  /** iOS WKWebView: a script message handler the app adds under the name `northstar`. */
  webkit?: { messageHandlers?: { northstar?: { postMessage(message: unknown): void } } };
  /** Android WebView: `addJavascriptInterface(bridge, "NorthstarHost")`. */
  NorthstarHost?: { postMessage(message: string): void };
}

/**
 * Hands a URL to the web-view app's host through whichever bridge the app installed (React
 * Native, WKWebView's `northstar` handler, Android's `NorthstarHost` interface). False when the
 * page is not in a web view or its host gave no bridge: the caller opens the URL as a browser
 * would.
 */
export function openThroughHost(url: string, purpose: HostPurpose): boolean {
  if (platformType() !== 'webview') return false;
  const message: HostOpenMessage = { type: 'northstar:open', purpose, url };
  const host = window as unknown as HostWindow;
  if (typeof host.ReactNativeWebView?.postMessage === 'function') {
    host.ReactNativeWebView.postMessage(JSON.stringify(message));
    return true;
  }
  const ios = host.webkit?.messageHandlers?.northstar;
  if (ios && typeof ios.postMessage === 'function') {
    ios.postMessage(message);
    return true;
  }
  if (typeof host.NorthstarHost?.postMessage === 'function') {
    host.NorthstarHost.postMessage(JSON.stringify(message));
    return true;
  }
  return false;
}
