/**
 * `@northstar/shell-sdk/host-bridge`: what the page hands the operator's web-view app (§1, issue
 * #28): links off the site and the payment provider's page, through the bridge its host installed.
 */
import { platformType } from './host.ts';

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
