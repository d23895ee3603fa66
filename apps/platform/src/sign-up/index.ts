/**
 * The sign-up flow across domains (issue #23): identity creates the player and its contacts and
 * knows nothing of money or loyalty; this orchestrator decides what every new player also gets,
 * in the same transaction as the player row (so a sign-up creates everything or nothing): a
 * loyalty account and a main wallet in the account currency, at zero. The server and the staff
 * tool call `wireSignUp()` before anything can create a player (identity refuses to create one
 * before).
 */
import { isApiError } from '@northstar/errors';
import { grantOnRegistration } from '../bonuses/index.ts';
import { activatePromoCode, type PromoActivation } from '../campaigns/index.ts';
import type { AppContext } from '../context.ts';
import { onPlayerCreated } from '../identity/index.ts';
import { welcomePlayer } from '../loyalty/index.ts';
import { openWallet } from '../wallet/index.ts';

export function wireSignUp(): void {
  // Issue #27: the account opens with the welcome notification (trigger `register`).
  onPlayerCreated('loyalty', (tx, player) => welcomePlayer(tx, player.id));
  onPlayerCreated('wallet', (tx, player) => openWallet(tx, player.id, player.currency));
  // Issue #26: the operator's registration bonuses, granted as available with the player row.
  onPlayerCreated('bonuses', (tx, player) =>
    grantOnRegistration(tx, player.regTime ?? new Date(), player),
  );
}

/** What became of the promo code a sign-up carried (§4). */
export type SignUpPromoOutcome =
  { status: 'activated'; activation: PromoActivation } | { status: 'refused'; codes: string[] };

/**
 * §4 "any entered promo code is activated" after a sign-up — one path for every door that ends a
 * sign-up (`auth/register` from the popup or the embedded form, and the completion of a social
 * sign-up), so no client has to remember it. It runs after the account exists, in its own
 * transaction (campaigns' `activatePromoCode`, with every §5 limit): a code refused now (used up
 * or switched off since the field checked it, already used…) gives the §8 codes to show, and the
 * new account stays. An unexpected failure is logged and answered as a refusal with no code (the
 * client then shows §8's fallback INVALID): the player has an account and can enter the code
 * again on the bonuses page.
 */
export async function activateSignUpPromo(
  app: AppContext,
  playerId: number,
  code: string,
  log: { error: (payload: object, message: string) => void },
): Promise<SignUpPromoOutcome> {
  try {
    return { status: 'activated', activation: await activatePromoCode(app, playerId, code) };
  } catch (error) {
    const codes = isApiError(error) ? error.invalidParameters.promo_code : undefined;
    if (codes) return { status: 'refused', codes: [...codes] };
    log.error({ err: error, playerId }, 'sign-up promo code activation failed');
    return { status: 'refused', codes: [] };
  }
}
