import type { Game } from '../shared/api.ts';

/** The catalogue's category of slot machines: the games the zero-balance rule is about. */
export const SLOT_CATEGORY = 'slots';

/**
 * The games config's zero-balance rule (§3 `zeroBalanceSlotAccess`): with `false`, a signed-in
 * player whose displayed balance is zero is sent to the cashier's deposit page when they open a
 * slot from the hall. Our reading: only slots (the rule's name), only a known zero balance (while
 * it loads, the game page opens as usual), and the tile's link itself points at the deposit page,
 * so a new tab or a keyboard user gets the same. Demo play stays one click away on the game page
 * for anyone who opens it directly.
 */
export function needsDeposit(
  game: Pick<Game, 'categories'>,
  slotAccessWithoutMoney: boolean,
  balanceAmount: string | undefined,
): boolean {
  if (slotAccessWithoutMoney || balanceAmount === undefined) return false;
  if (!game.categories?.includes(SLOT_CATEGORY)) return false;
  // A decimal string from the server (§3): zero is zero in any currency's decimals.
  return Number(balanceAmount) <= 0;
}
