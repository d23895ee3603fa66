import { localizePath, type Locale } from '@northstar/i18n/locales';
import { ROUTES, type RouteId, type RouteParams } from './route-table.ts';

/**
 * Builds the path of a route, locale prefix included:
 * `routePath('game', { sysname: 'book-of-ra' }, 'es-ES')` → `/es-ES/game/book-of-ra`.
 */
export function routePath<Id extends RouteId>(
  id: Id,
  ...[params, locale]: keyof RouteParams<Id> extends never
    ? [params?: Record<string, never>, locale?: Locale]
    : [params: RouteParams<Id>, locale?: Locale]
): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = ROUTES[id].pattern.replace(
    /:([A-Za-z_]+)|\*/g,
    (whole, name: string | undefined) => {
      const value = values[name ?? '*'];
      if (value === undefined) throw new Error(`routePath(${id}): missing param ${name ?? '*'}`);
      return name ? encodeURIComponent(value) : value;
    },
  );
  return locale ? localizePath(path, locale) : path;
}

/** The game play link of §2: `/platform/game/{sysname or custom/{id}}/play`. */
export function gamePlayPath(game: { sysname: string } | { customId: string }): string {
  const segment =
    'sysname' in game
      ? encodeURIComponent(game.sysname)
      : `custom/${encodeURIComponent(game.customId)}`;
  return `/platform/game/${segment}/play`;
}

/** Helper link: the game hall filtered by category (§2). */
export function gamehallByCategory(category: string, locale?: Locale): string {
  return `${routePath('gamehall', {}, locale)}?category=${encodeURIComponent(category)}`;
}

/** Helper link: the game hall filtered by a comma-joined list of providers (§2). */
export function gamehallByProviders(providers: readonly string[], locale?: Locale): string {
  return `${routePath('gamehall', {}, locale)}?providers=${providers.map(encodeURIComponent).join(',')}`;
}
