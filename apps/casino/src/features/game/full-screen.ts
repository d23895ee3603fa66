import type { GamesConfig } from '../shared/games-config.ts';

/**
 * The game page's full screen (§3 games config `fullScreenVisibility`). Pure rules and the
 * browser facts they need, read in effects only (never during render: the server has none).
 */

export type FullScreenVisibility = GamesConfig['fullScreenVisibility'];

/** Where the page runs: inside the messaging app's mini app, or as the installed web app. */
export interface DisplayEnvironment {
  miniApp: boolean;
  standalone: boolean;
}

/**
 * Whether the full-screen button shows: `all` everywhere, `telegram` only inside the messaging
 * app's mini app, `product` only in the installed web app (display-mode standalone), `none`
 * nowhere.
 */
export function fullScreenButtonVisible(
  rule: FullScreenVisibility,
  environment: DisplayEnvironment,
): boolean {
  switch (rule) {
    case 'all':
      return true;
    case 'telegram':
      return environment.miniApp;
    case 'product':
      return environment.standalone;
    case 'none':
      return false;
  }
}

/** What the browser offers: the Fullscreen API, or (iOS Safari on a phone) only our own frame. */
export type FullScreenMethod = 'api' | 'fixed';

export function fullScreenMethod(
  doc: { fullscreenEnabled?: boolean } | undefined,
): FullScreenMethod {
  return doc?.fullscreenEnabled === true ? 'api' : 'fixed';
}

interface BrowserWindow {
  location: { hash: string };
  matchMedia?: (query: string) => { matches: boolean };
  /** `standalone`: iOS Safari's own flag for a site added to the home screen. */
  navigator: object & { standalone?: boolean };
  Telegram?: { WebApp?: { initData?: string } };
  TelegramWebviewProxy?: unknown;
  sessionStorage?: Pick<Storage, 'getItem'>;
}

/** Where the mini app's launch data is remembered once the shell has taken it out of the URL. */
export const MINI_APP_MARK = 'tgWebAppPlatform';

/**
 * Reads the display environment. The mini app is known by the messaging app's web-view bridge
 * (`TelegramWebviewProxy` on phones, `Telegram.WebApp` when its script is loaded) or by the
 * launch parameters in the hash, which the shell signs in with and then removes; the installed
 * web app by `display-mode: standalone` (or iOS's `navigator.standalone`).
 */
export function readDisplayEnvironment(win: BrowserWindow): DisplayEnvironment {
  let marked = false;
  try {
    marked = win.sessionStorage?.getItem(MINI_APP_MARK) != null;
  } catch {
    // Storage blocked: the other signs still tell.
  }
  const miniApp =
    win.TelegramWebviewProxy !== undefined ||
    Boolean(win.Telegram?.WebApp?.initData) ||
    /(?:^|[#&])tgWebApp(?:Data|Platform)=/.test(win.location.hash) ||
    marked;
  const standalone =
    win.matchMedia?.('(display-mode: standalone)').matches === true ||
    win.navigator.standalone === true;
  return { miniApp, standalone };
}
