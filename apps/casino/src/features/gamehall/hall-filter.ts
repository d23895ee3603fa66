import type { GameSort } from '../shared/api.ts';

/**
 * The gamehall's filter is its URL (§2 helper links `?category=` and `?providers=a,b`, plus our
 * `?sort=`): a shared or reloaded link shows the same games. Pure, so both directions are tested.
 * Defaults are left out of the URL, and values the hall does not know are dropped, never shown
 * as an error: a stale link still opens the hall.
 */
export interface HallFilter {
  category: string | null;
  /** Provider sysnames, in the order given, without duplicates. */
  providers: readonly string[];
  sort: GameSort;
}

/**
 * The sorts of games/get, in the order the sort menu lists them. Written here rather than
 * imported from the contract so the page does not bundle its schemas; the compiler checks that
 * both lists name the same sorts.
 */
export const HALL_SORTS = ['popular', 'new', 'name', 'rtp'] as const satisfies readonly GameSort[];
type MissingSort = Exclude<GameSort, (typeof HALL_SORTS)[number]>;
const everySortListed: MissingSort extends never ? true : false = true;
void everySortListed;

export const DEFAULT_HALL_FILTER: HallFilter = { category: null, providers: [], sort: 'popular' };

/** The URL parameters the hall owns; any other parameter (a popup flag, say) is kept as it is. */
export const HALL_PARAMS = ['category', 'providers', 'sort'] as const;

/** Category and provider sysnames: what the catalogue uses (contract: at most 128 characters). */
const SYSNAME = /^[a-z0-9][a-z0-9_.-]{0,127}$/i;
/** games/get filters on at most this many providers in one call; more is not a real filter. */
export const MAX_PROVIDERS = 32;

const isSort = (value: string | null): value is GameSort =>
  value !== null && (HALL_SORTS as readonly string[]).includes(value);

/** Reads the hall's filter from a query string (`?category=slots&providers=a,b&sort=new`). */
export function parseHallFilter(search: string): HallFilter {
  const params = new URLSearchParams(search);
  const category = params.get('category')?.trim() ?? '';
  const providers: string[] = [];
  for (const part of (params.get('providers') ?? '').split(',')) {
    const sysname = part.trim();
    if (SYSNAME.test(sysname) && !providers.includes(sysname)) providers.push(sysname);
    if (providers.length === MAX_PROVIDERS) break;
  }
  const sort = params.get('sort');
  return {
    category: SYSNAME.test(category) ? category : null,
    providers,
    sort: isSort(sort) ? sort : DEFAULT_HALL_FILTER.sort,
  };
}

/**
 * The query string of a filter (`''` for the defaults), keeping the parameters of `current` that
 * the hall does not own. Providers are comma-joined as the §2 helper link builds them.
 */
export function serializeHallFilter(filter: HallFilter, current = ''): string {
  const kept = new URLSearchParams(current);
  for (const name of HALL_PARAMS) kept.delete(name);
  const parts: string[] = [];
  if (filter.category) parts.push(`category=${encodeURIComponent(filter.category)}`);
  if (filter.providers.length > 0) {
    parts.push(`providers=${filter.providers.map(encodeURIComponent).join(',')}`);
  }
  if (filter.sort !== DEFAULT_HALL_FILTER.sort) parts.push(`sort=${filter.sort}`);
  const rest = kept.toString();
  if (rest) parts.push(rest);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/**
 * Drops a category or providers the catalogue does not have (once its lists are loaded): an old
 * link to a removed studio shows the hall without that filter rather than an empty page.
 */
export function knownHallFilter(
  filter: HallFilter,
  known: { categories?: readonly string[]; providers?: readonly string[] },
): HallFilter {
  const category =
    filter.category && known.categories && !known.categories.includes(filter.category)
      ? null
      : filter.category;
  const providers = known.providers
    ? filter.providers.filter((p) => known.providers!.includes(p))
    : filter.providers;
  if (category === filter.category && providers.length === filter.providers.length) return filter;
  return { ...filter, category, providers };
}

/** Whether the filter narrows or orders the catalogue (the categories hall then shows a grid). */
export function isFiltered(filter: HallFilter): boolean {
  return (
    filter.category !== null ||
    filter.providers.length > 0 ||
    filter.sort !== DEFAULT_HALL_FILTER.sort
  );
}

/** The filter with one provider added or taken away (the provider chips). */
export function toggleProvider(filter: HallFilter, provider: string): HallFilter {
  const providers = filter.providers.includes(provider)
    ? filter.providers.filter((p) => p !== provider)
    : [...filter.providers, provider].slice(0, MAX_PROVIDERS);
  return { ...filter, providers };
}

/** The ids of `/gamehall/{id}` that name a collection rather than a provider. */
export const HALL_COLLECTIONS = { all: 'all', favourites: 'favourites' } as const;

/**
 * What `/gamehall/{id}` shows. A category id never gets here: the shell's middleware sends it
 * to `/gamehall?category={id}` (§2). Our choice for other ids:
 * - `all`: every game in one grid, whatever the hall type (the categories hall links to it);
 * - `favourites`: the signed-in player's favourites (a visitor is asked to sign in);
 * - a provider's sysname: that studio's hall (the grid filtered by it, categories still apply);
 * - anything else: the site's 404 (§2: a page whose own check fails answers 404). The platform
 *   answers a first request for it with the 404 page and status (web/page-rules.ts step 7, the
 *   same rule); on a client navigation the page throws a 404 route error (gamehall-view.tsx).
 */
export type HallView =
  | { kind: 'hall' }
  | { kind: 'all' }
  | { kind: 'favourites' }
  | { kind: 'provider'; sysname: string; name: string }
  | { kind: 'unknown'; id: string }
  | { kind: 'failed' };

/**
 * The view of `/gamehall` (no id) or `/gamehall/{id}`; null while the providers it needs to tell
 * a studio from an unknown id are loading. If they cannot be read, the id is neither found nor
 * unknown: the page says the list failed and offers a retry (a network failure is no 404).
 */
export function resolveHallView(
  id: string | undefined,
  providers: readonly { sysname: string; name: string }[] | undefined,
  providersFailed: boolean,
): HallView | null {
  if (id === undefined) return { kind: 'hall' };
  if (id === HALL_COLLECTIONS.all) return { kind: 'all' };
  if (id === HALL_COLLECTIONS.favourites) return { kind: 'favourites' };
  if (!providers) return providersFailed ? { kind: 'failed' } : null;
  const provider = providers.find((p) => p.sysname === id);
  return provider
    ? { kind: 'provider', sysname: provider.sysname, name: provider.name }
    : { kind: 'unknown', id };
}
