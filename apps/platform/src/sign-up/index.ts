/**
 * The sign-up flow across domains (issue #23): identity creates the player and its contacts and
 * knows nothing of money or loyalty; this orchestrator decides what every new player also gets,
 * in the same transaction as the player row (so a sign-up creates everything or nothing): a
 * loyalty account and a main wallet in the account currency, at zero. The server and the staff
 * tool call `wireSignUp()` before anything can create a player (identity refuses to create one
 * before).
 */
import { grantOnRegistration } from '../bonuses/index.ts';
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
