import { matchRoute } from '@northstar/shell-sdk/page-rules';
import { ROUTES } from '@northstar/shell-sdk/routes';

/**
 * §2 "Live-chat badge is hidden on betting and game pages and shown elsewhere": a page of the
 * betting remote (`/betting`, `/betting/event/{id}`) or on the game layout (`/game/{sysname}`), in
 * any locale. Read from the route table, so a betting page added later hides it too.
 */
export function chatBadgeHidden(pathname: string): boolean {
  const match = matchRoute(pathname);
  if (!match) return false;
  const route = ROUTES[match.id];
  return route.owner === 'betting' || route.layout === 'game';
}
