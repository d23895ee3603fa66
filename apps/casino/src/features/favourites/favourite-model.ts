/**
 * Favourites (§3: a list of game sysnames; §4: a favourite toggles between added and removed).
 * The list shown is changed at once (optimistic) and only the failed game's change is undone
 * when the server refuses it, so a toggle of another game made meanwhile is kept.
 */
export type FavouriteAction = 'add' | 'remove';

export interface FavouriteToggle {
  sysname: string;
  action: FavouriteAction;
}

export function isFavourite(favourites: readonly string[] | undefined, sysname: string): boolean {
  return favourites?.includes(sysname) ?? false;
}

/** What a click on the toggle asks for: the opposite of what the list shows now. */
export function toggleFor(favourites: readonly string[], sysname: string): FavouriteToggle {
  return { sysname, action: isFavourite(favourites, sysname) ? 'remove' : 'add' };
}

/** The list with a toggle applied (a game added once, at the end, as the server orders them). */
export function applyToggle(favourites: readonly string[], toggle: FavouriteToggle): string[] {
  const without = favourites.filter((s) => s !== toggle.sysname);
  return toggle.action === 'add' ? [...without, toggle.sysname] : without;
}

/**
 * The list with one failed toggle undone. `before` is the list the toggle was applied to: a
 * removed game goes back to its old place.
 */
export function rollbackToggle(
  current: readonly string[],
  toggle: FavouriteToggle,
  before: readonly string[],
): string[] {
  if (toggle.action === 'add') return current.filter((s) => s !== toggle.sysname);
  if (current.includes(toggle.sysname)) return [...current];
  const index = before.indexOf(toggle.sysname);
  const next = [...current];
  // Where it was among the games still in the list; at the end if those moved.
  const anchor = index >= 0 ? before.slice(index + 1).find((s) => next.includes(s)) : undefined;
  next.splice(anchor ? next.indexOf(anchor) : next.length, 0, toggle.sysname);
  return next;
}
