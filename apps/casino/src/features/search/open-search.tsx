import { lazy } from 'react';
import { openDialog, type DialogComponent } from '@northstar/shell-sdk';

/** The popup's code is downloaded when it is first opened, not with the hall. */
const GamesSearchPopup = lazy(() =>
  import('./search-popup.tsx').then((m) => ({ default: m.GamesSearchPopup })),
) as DialogComponent;

export const SEARCH_DIALOG_ID = 'casino-games-search';

/** Opens GamesSearchPopup (§2) through the page's dialog queue. */
export function openGamesSearch(title: string): void {
  void openDialog({ id: SEARCH_DIALOG_ID, title, size: 'large', component: GamesSearchPopup });
}
