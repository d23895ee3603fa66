import { platformType } from '@northstar/shell-sdk/host';

/**
 * Which host the page runs in, if any (§1, issue #28): the operator's web-view app
 * (`@northstar/shell-sdk/host`), or the messaging app's mini app, which opens the site with its
 * launch parameters in the hash (`#tgWebAppPlatform=…&tgWebAppThemeParams=…`, and
 * `tgWebAppData` for the sign-in, routing/url-actions.tsx). The mini app is remembered for the
 * tab (sessionStorage, with its theme only: never the signed sign-in data), so a reload inside
 * it stays one. Browser-only: called from an effect.
 */
export type HostMode = 'webview' | 'mini-app';

export const MINI_APP_KEY = 'northstar:mini-app';

export function hostMode(): HostMode | null {
  if (platformType() === 'webview') return 'webview';
  const launch = new URLSearchParams(window.location.hash.slice(1));
  const launched = launch.has('tgWebAppPlatform') || launch.has('tgWebAppData');
  try {
    if (launched) sessionStorage.setItem(MINI_APP_KEY, launch.get('tgWebAppThemeParams') ?? '');
    return launched || sessionStorage.getItem(MINI_APP_KEY) !== null ? 'mini-app' : null;
  } catch {
    // Storage refused: the mode lasts this page.
    return launched ? 'mini-app' : null;
  }
}
