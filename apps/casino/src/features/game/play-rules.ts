import { gamePlayPath } from '@northstar/shell-sdk';
import { normalizeAmount } from '@northstar/i18n/format';

/**
 * What decides how the game page opens a game (§2, §3 games config), as pure rules.
 */

export type GameMode = 'real' | 'fun';

/**
 * §2 play link in a mode (real money moves the player's balance, fun plays with play money) and
 * the page's language, so the game speaks it too (the launch's cookie may name another).
 */
export function playUrl(sysname: string, mode: GameMode, locale: string): string {
  const query = new URLSearchParams({ mode, lang: locale });
  return `${gamePlayPath({ sysname })}?${query.toString()}`;
}

/**
 * The mode a game opens in: the player's choice, else real money for a signed-in player and
 * nothing yet for a visitor (the DemoModePopup asks). A visitor never gets real money: the
 * launch would send the frame itself to the sign-in.
 */
export function gameMode(chosen: GameMode | null, signedIn: boolean): GameMode | null {
  if (chosen === 'fun') return 'fun';
  return signedIn ? 'real' : null;
}

function isZero(amount: string): boolean {
  const value = normalizeAmount(amount);
  return value === null || !/[1-9]/.test(value);
}

export type RealPlayBlock = 'self-excluded' | 'empty-balance';

/**
 * Why real money cannot start, shown instead of a frame that would refuse every bet:
 * - a self-exclusion that lasts (the wallet refuses every bet, RTS responsible gambling);
 * - an empty balance with no free spins for this game, when the games config's
 *   `zeroBalanceSlotAccess` is off (on, the game opens and says so at the first bet).
 */
export function realPlayBlock(facts: {
  selfExcluded: boolean;
  balance: string | null;
  freespinsLeft: number;
  zeroBalanceSlotAccess: boolean;
}): RealPlayBlock | null {
  if (facts.selfExcluded) return 'self-excluded';
  if (
    !facts.zeroBalanceSlotAccess &&
    facts.balance !== null &&
    isZero(facts.balance) &&
    facts.freespinsLeft === 0
  ) {
    return 'empty-balance';
  }
  return null;
}

/**
 * Whether the document the frame loaded is a launch refusal rather than a game: the platform's
 * launch answers a game it cannot open (switched off, an account that may not play for money)
 * with plain text, the in-house game server with its refusal page. Only a same-origin frame can
 * be read; another origin's provider shows its own errors.
 */
export function isLaunchRefusal(
  doc: Pick<Document, 'contentType' | 'querySelector'> | null,
): boolean {
  if (!doc) return false;
  return doc.contentType === 'text/plain' || doc.querySelector('.refusal') !== null;
}
