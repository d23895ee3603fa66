import { imageUrl } from '@northstar/shell-sdk/images';
import type { AppContext } from '../context.ts';
import { pageHead } from './page-head.ts';
import type { SiteOrigin } from './site-origin.ts';

/** The brand as the installed app is named (not shown in the spec: one name in every locale). */
export const APP_NAME = 'Northstar Casino';
export const APP_SHORT_NAME = 'Northstar';
/** The site's background and, without a `theme-color` meta in the SEO settings, its theme. */
const BACKGROUND = '#0b1020';
/** The square source the app icons are drawn from, by `/_ipx`. */
const ICON_SOURCE = '/favicon.svg';

/**
 * The web app manifest of one locale (issue #28): the app's name, the home page's SEO description
 * in that locale, the theme colour of the SEO settings' `theme-color` meta, the app icons drawn
 * from the favicon by `/_ipx` at 192 and 512 px, standalone display, started at the locale's home
 * with `?platform=pwa` (the installed app's first page is drawn as the installed app at once,
 * web/platform-type.ts).
 */
export async function webManifest(
  app: AppContext,
  locale: string,
  defaultLocale: string,
  site: SiteOrigin,
): Promise<Record<string, unknown>> {
  const home = locale === defaultLocale ? '/' : `/${locale}`;
  const head = await pageHead(app, { url: home, site }).catch(() => null);
  const meta = (name: string) =>
    head?.meta.find((tag) => tag.attribute === 'name' && tag.key.toLowerCase() === name)?.content;
  const theme = meta('theme-color');
  const icon = (size: number) => ({
    src: imageUrl(ICON_SOURCE, { f: 'png', s: { width: size, height: size } }),
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose: 'any',
  });
  return {
    id: '/',
    name: APP_NAME,
    short_name: APP_SHORT_NAME,
    ...(meta('description') ? { description: meta('description') } : {}),
    lang: locale,
    dir: 'ltr',
    start_url: `${home}?platform=pwa`,
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND,
    theme_color: theme && /^#[0-9a-f]{3,8}$/i.test(theme) ? theme : BACKGROUND,
    icons: [icon(192), icon(512)],
  };
}
