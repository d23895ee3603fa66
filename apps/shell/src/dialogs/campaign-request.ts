import { atom } from 'jotai';
import type { DialogRequest } from '@northstar/shell-sdk';
import type { CampaignPopupRequest } from '@northstar/shell-sdk/query-params';

/**
 * §6 "campaign popups require sign-in", and §4 "After login: … then the queue of unseen cashback
 * and campaign popups". A campaign link (`?popup=<sysname>`, §2) a visitor follows opens nothing
 * for them; its address is held here, and the after-sign-in queue's `campaign` step reads the
 * request from it and shows it once they sign in or sign up (behind the social registration and
 * the unseen cashback), even though the navigation after a sign-in leaves the link's address.
 * The address, not the parsed request, is held: the rules that parse it are downloaded on demand,
 * and a visitor who signs in before they arrive must not lose the popup. A small module of its
 * own: the first screen's campaign flag holds the address, the signed-in player's chunk takes it.
 */
export interface CampaignAddress {
  pathname: string;
  search: string;
  hash: string;
}

let held: CampaignAddress | null = null;

/** Keeps the address of a campaign link a visitor is on (the latest one wins). */
export function holdCampaignAddress(address: CampaignAddress): void {
  held = address;
}

/** The held campaign address, once (the step takes it; it never shows twice). */
export function takeCampaignAddress(): CampaignAddress | null {
  const address = held;
  held = null;
  return address;
}

/**
 * The uid whose after-sign-in queue has run (null before, and after sign-out): the campaign flag
 * waits for it, so that after a sign-in the campaign popup queues in the §4 order (after the
 * social registration and the unseen cashback) rather than before them.
 */
export const afterSignInSettledAtom = atom<number | null>(null);

/** The dialog of a campaign popup (the promo remote's `./dialogs` draws it). */
export function campaignDialog(request: CampaignPopupRequest): DialogRequest {
  return {
    id: 'campaign',
    remote: 'promo',
    props: { sysname: request.sysname, preview: request.preview },
  };
}

type Rules = (pathname: string, search: string, hash: string) => CampaignPopupRequest | null;

/**
 * The condition of the §4 `campaign` step: a campaign popup was asked for — by the address the
 * player is on, else by the one they were on as a visitor — and the page they are on now is one
 * where it may open (§2: never on a game page or the deposit page, where it would interrupt play
 * or a payment). `rules` is shell-sdk's `campaignPopupParam`. Null when nothing applies.
 */
export function campaignStepRequest(
  current: { pathname: string; search: string; hash: string },
  pending: CampaignPopupRequest | null,
  rules: Rules,
): CampaignPopupRequest | null {
  const here = rules(current.pathname, current.search, current.hash);
  if (here) return here;
  if (!pending) return null;
  // The page now must allow a campaign popup: the same rules, asked for the held campaign here.
  const allowed = rules(current.pathname, `?popup=${encodeURIComponent(pending.sysname)}`, '');
  return allowed ? pending : null;
}
