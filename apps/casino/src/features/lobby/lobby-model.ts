import type { Game, GameRound, Jackpot } from '../shared/api.ts';

/**
 * The lobby's pure rules (providers, jackpots, winners pages and the home sections), apart from
 * React so they are tested alone.
 */

/** How often live figures (jackpot pools, winners) are asked again while the tab is visible. */
export const LIVE_REFRESH_MS = 8_000;

/**
 * The games a player played last, newest first, each once (games/getHistory lists rounds, and a
 * player plays many rounds of one game in a row).
 */
export function recentlyPlayed(rounds: readonly GameRound[], limit: number): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  const newestFirst = [...rounds].sort((a, b) => b.started_at.localeCompare(a.started_at));
  for (const round of newestFirst) {
    if (seen.has(round.game.sysname)) continue;
    seen.add(round.game.sysname);
    result.push(round.game.sysname);
    if (result.length === limit) break;
  }
  return result;
}

/** Games in the order of `sysnames` (games/get answers its own sort); unknown ones dropped. */
export function inOrder(games: readonly Game[], sysnames: readonly string[]): Game[] {
  const bySysname = new Map(games.map((game) => [game.sysname, game]));
  return sysnames.flatMap((sysname) => bySysname.get(sysname) ?? []);
}

/**
 * One pool per jackpot in the currency the visitor plays in: the player's own currency, else the
 * site's first currency (EUR), else whatever currency the jackpot has. Order kept (biggest seed
 * first, as jackpots/get sorts them).
 */
export function poolsIn(pools: readonly Jackpot[], currency: string | null): Jackpot[] {
  const bySysname = new Map<string, Jackpot[]>();
  for (const pool of pools) {
    const list = bySysname.get(pool.sysname) ?? [];
    list.push(pool);
    bySysname.set(pool.sysname, list);
  }
  return [...bySysname.values()].map(
    (list) =>
      list.find((pool) => pool.currency === currency) ??
      list.find((pool) => pool.currency === DEFAULT_CURRENCY) ??
      list[0]!,
  );
}

export const DEFAULT_CURRENCY = 'EUR';

/** The categories the home page shows a row of: these first when the catalogue has them. */
const PREFERRED_CATEGORIES = ['popular', 'new', 'slots', 'jackpot', 'table'];

export function homeCategories(
  categories: readonly { sysname: string; count: number }[],
  rows: number,
): string[] {
  const present = categories.filter((category) => category.count > 0).map((c) => c.sysname);
  const preferred = PREFERRED_CATEGORIES.filter((sysname) => present.includes(sysname));
  const rest = present.filter((sysname) => !preferred.includes(sysname));
  return [...preferred, ...rest].slice(0, rows);
}

/**
 * The rounds of a fresh winners list that were not in the one shown before: they are the ones
 * to announce and highlight. Nothing is new on the first list.
 */
export function newWinners(
  previous: readonly { round: string }[] | undefined,
  next: readonly { round: string }[],
): Set<string> {
  if (!previous) return new Set();
  const known = new Set(previous.map((winner) => winner.round));
  return new Set(next.filter((winner) => !known.has(winner.round)).map((w) => w.round));
}

/** How long ago `at` was, in the largest whole unit, for Intl.RelativeTimeFormat. */
export function ago(
  at: string,
  now: number,
): { value: number; unit: 'second' | 'minute' | 'hour' | 'day' } {
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  if (seconds < 60) return { value: -seconds, unit: 'second' };
  if (seconds < 3600) return { value: -Math.floor(seconds / 60), unit: 'minute' };
  if (seconds < 86_400) return { value: -Math.floor(seconds / 3600), unit: 'hour' };
  return { value: -Math.floor(seconds / 86_400), unit: 'day' };
}

/** A content backend banner (§3 Banner) as the home page shows it. */
export interface HomeBanner {
  id: number;
  title: string;
  /** Where the banner leads: a site path, or an https page of another site; null: nowhere. */
  link: string | null;
  mobile: { url: string; width: number; height: number } | null;
  tablet: { url: string; width: number; height: number } | null;
}

interface CmsImage {
  url?: unknown;
  width?: unknown;
  height?: unknown;
}

function image(value: unknown): HomeBanner['mobile'] {
  const media = value as CmsImage | null | undefined;
  if (!media || typeof media.url !== 'string' || !media.url) return null;
  return {
    url: media.url,
    width: typeof media.width === 'number' ? media.width : 0,
    height: typeof media.height === 'number' ? media.height : 0,
  };
}

/** A banner link the page may follow: a site path or an https address (§7 `banners/get` checks too). */
function bannerLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (/^\/(?![/\\])/.test(value)) return value;
  return /^https:\/\/[^/]/i.test(value) ? value : null;
}

/**
 * The home page's banners from `banners/get` (§7 Banners, issue #26): the `main` ones (not the
 * auth popup's), not finished by `now`, with an image, in the operator's order, each with its
 * link. The server already answers only those; the checks stay so that anything malformed is
 * skipped rather than breaking the page.
 */
export function homeBanners(answer: unknown, now: number): HomeBanner[] {
  const items = (answer as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && !!entry)
    .filter((entry) => (entry.banner_type ?? 'main') === 'main')
    .filter((entry) => {
      const finished = typeof entry.finished_at === 'string' ? Date.parse(entry.finished_at) : NaN;
      return Number.isNaN(finished) || finished > now;
    })
    .map((entry) => ({
      id: Number(entry.id),
      title: typeof entry.title === 'string' ? entry.title : '',
      link: bannerLink(entry.link),
      mobile: image(entry.image_mobile),
      tablet: image(entry.image_tablet),
    }))
    .filter((banner) => banner.mobile || banner.tablet);
}
