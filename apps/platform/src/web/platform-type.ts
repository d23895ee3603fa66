import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { secureCookies } from '../identity/index.ts';

/**
 * §1 platform types on the server (issue #28): which pages go out as the operator's web-view app
 * or the installed app, written as `<html data-platform="…">` so the layout changes before any
 * script runs (apps/shell/src/host, `@northstar/shell-sdk/host`).
 *
 * - `?platform=webview`: the native app opens the site with this flag once; a session cookie
 *   keeps the web view's later page loads (a payment's return, a reload) in the mode.
 * - a user agent carrying one of the operator's tokens (`WEBVIEW_UA_TOKENS`, comma-separated,
 *   default `NorthstarApp`): apps that set their own user agent need no flag at all.
 * - `?platform=pwa`: the installed app's start page (the manifest's `start_url`). Only that page:
 *   a browser tab shares the installed app's cookies, so nothing is kept; the installed app's
 *   later pages are known by `(display-mode: standalone)` in the browser.
 * - `?platform=web` ends the web-view mode of this browsing session (the cookie goes).
 */
export type PagePlatform = 'webview' | 'pwa';

export const PLATFORM_COOKIE = 'ns_platform';
export const PLATFORM_QUERY = 'platform';
export const DEFAULT_WEBVIEW_TOKENS: readonly string[] = ['NorthstarApp'];

export interface PlatformDecision {
  platform: PagePlatform | null;
  /** What to do with the session cookie: keep the web-view mode, end it, or leave it. */
  cookie: 'set' | 'clear' | null;
}

/** The page's platform type from its query, the session cookie and the user agent. */
export function decidePlatform(input: {
  url: string;
  cookie: string | undefined;
  userAgent: string | undefined;
  tokens: readonly string[];
}): PlatformDecision {
  const query = new URLSearchParams(input.url.split('?', 2)[1]?.split('#', 1)[0] ?? '');
  const asked = query.get(PLATFORM_QUERY);
  if (asked === 'webview') {
    return { platform: 'webview', cookie: input.cookie === 'webview' ? null : 'set' };
  }
  if (asked === 'web') {
    return { platform: null, cookie: input.cookie === undefined ? null : 'clear' };
  }
  const userAgent = input.userAgent ?? '';
  if (input.cookie === 'webview' || input.tokens.some((token) => userAgent.includes(token))) {
    return { platform: 'webview', cookie: null };
  }
  return { platform: asked === 'pwa' ? 'pwa' : null, cookie: null };
}

/** Decides the request's platform type and keeps or ends the web-view mode's cookie. */
export function pagePlatform(
  app: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): PagePlatform | null {
  const decision = decidePlatform({
    url: request.url,
    cookie: request.cookies[PLATFORM_COOKIE],
    userAgent: request.headers['user-agent'],
    tokens: app.config.webviewUserAgents ?? DEFAULT_WEBVIEW_TOKENS,
  });
  const options = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(app, request),
  } as const;
  if (decision.cookie === 'set') reply.setCookie(PLATFORM_COOKIE, 'webview', options);
  if (decision.cookie === 'clear') reply.clearCookie(PLATFORM_COOKIE, options);
  return decision.platform;
}

/** The page's `<html>` tag with `data-platform` (nothing for a browser tab). */
export function withPlatformAttribute(html: string, platform: PagePlatform | null): string {
  if (!platform) return html;
  return html.replace(/<html\b/i, `<html data-platform="${platform}"`);
}
