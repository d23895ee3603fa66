import { MINI_APP_KEY } from './host-mode.ts';
import { externalLinks, type HostContext, type HostSession } from './host-session.ts';

/**
 * The messaging app's mini app (§1, §4; issue #28), spoken in the host's own event protocol
 * (the Telegram Mini Apps protocol, without its script: CSP allows no third-party script):
 *
 * - to the host: `web_app_ready`, `web_app_expand` (full height), `web_app_request_theme`,
 *   `web_app_request_viewport`, `web_app_setup_back_button` (shown on every page but home) and
 *   `web_app_open_link` for links off the site. The phone apps take them through
 *   `window.TelegramWebviewProxy.postEvent`, the web app through `postMessage` to its origin.
 * - from the host: `theme_changed` (its colours become the page's: `--host-*` variables on
 *   `<html data-host-theme>`, with the rules below), `viewport_changed` (the stable height
 *   becomes `--host-viewport-height`) and `back_button_pressed` (back, or home from the app's
 *   first page). The phone apps call `window.Telegram.WebView.receiveEvent`; the web app posts
 *   messages, taken only from its origin and from the frame's parent.
 */

/** The messaging app's web client, the only origin whose messages count. */
export const MINI_APP_WEB_ORIGIN = 'https://web.telegram.org';

type EventData = Record<string, unknown>;

interface MiniAppWindow {
  TelegramWebviewProxy?: { postEvent(type: string, data: string): void };
  Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } };
}

/** The host's theme keys and the page's variables they set. */
const THEME_VARIABLES: Record<string, string> = {
  bg_color: '--host-bg',
  text_color: '--host-text',
  hint_color: '--host-hint',
  link_color: '--host-link',
  button_color: '--host-button',
  button_text_color: '--host-button-text',
  secondary_bg_color: '--host-secondary-bg',
  header_bg_color: '--host-header-bg',
};

const COLOUR = /^#[0-9a-f]{3,8}$/i;

/** The host's colours as the page's CSS variables (unknown keys and non-colours are dropped). */
export function themeVariables(params: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof params !== 'object' || params === null) return out;
  for (const [key, value] of Object.entries(params)) {
    const variable = THEME_VARIABLES[key];
    if (variable && typeof value === 'string' && COLOUR.test(value)) out[variable] = value;
  }
  return out;
}

function postEvent(type: string, data: EventData = {}): void {
  const host = window as unknown as MiniAppWindow;
  if (typeof host.TelegramWebviewProxy?.postEvent === 'function') {
    host.TelegramWebviewProxy.postEvent(type, JSON.stringify(data));
  } else if (window.parent !== window) {
    window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data }), {
      targetOrigin: MINI_APP_WEB_ORIGIN,
    });
  }
}

/**
 * The host's colours become the page's: `--host-*` variables on `<html data-host-theme>`, the
 * body's background and text (set here: a page outside the mini app carries no rule for them).
 * The header keeps the brand's dark bar: its texts are drawn for it, and a light host theme
 * would leave them unreadable.
 */
function applyTheme(params: unknown): void {
  const variables = themeVariables(params);
  if (Object.keys(variables).length === 0) return;
  const root = document.documentElement;
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  root.setAttribute('data-host-theme', '');
  if (variables['--host-bg']) document.body.style.background = 'var(--host-bg)';
  if (variables['--host-text']) document.body.style.color = 'var(--host-text)';
}

function storedTheme(): unknown {
  try {
    const raw = sessionStorage.getItem(MINI_APP_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function startMiniApp(context: HostContext): HostSession {
  // The launch's theme at once (the hash, kept for the tab), then whatever the host says.
  applyTheme(storedTheme());
  const receive = (type: string, data: unknown) => {
    const event = (typeof data === 'object' && data !== null ? data : {}) as EventData;
    if (type === 'theme_changed') {
      applyTheme(event.theme_params);
      try {
        sessionStorage.setItem(MINI_APP_KEY, JSON.stringify(event.theme_params ?? {}));
      } catch {
        // Kept for this page only.
      }
    } else if (type === 'viewport_changed') {
      const height = Number(event.height);
      if (event.is_state_stable !== false && Number.isFinite(height) && height > 0) {
        document.documentElement.style.setProperty('--host-viewport-height', `${height}px`);
        document.body.style.minHeight = 'var(--host-viewport-height)';
      }
    } else if (type === 'back_button_pressed') {
      if (window.history.length > 1) window.history.back();
      else context.navigate(context.home());
    }
  };

  const host = window as unknown as MiniAppWindow;
  const telegram = (host.Telegram ??= {});
  const webView = (telegram.WebView ??= {});
  const previous = webView.receiveEvent;
  webView.receiveEvent = receive;

  const onMessage = (message: MessageEvent) => {
    if (message.origin !== MINI_APP_WEB_ORIGIN || message.source !== window.parent) return;
    try {
      const parsed = JSON.parse(String(message.data)) as {
        eventType?: unknown;
        eventData?: unknown;
      };
      if (typeof parsed.eventType === 'string') receive(parsed.eventType, parsed.eventData);
    } catch {
      // Not the host's event.
    }
  };
  window.addEventListener('message', onMessage);
  const stopLinks = externalLinks((url) => {
    postEvent('web_app_open_link', { url });
    return true;
  });

  postEvent('web_app_ready');
  postEvent('web_app_expand');
  postEvent('web_app_request_theme');
  postEvent('web_app_request_viewport');

  let backShown: boolean | null = null;
  return {
    pageChanged(home) {
      if (backShown === !home) return;
      backShown = !home;
      postEvent('web_app_setup_back_button', { is_visible: backShown });
    },
    stop() {
      window.removeEventListener('message', onMessage);
      stopLinks();
      webView.receiveEvent = previous;
    },
  };
}
