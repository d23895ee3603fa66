import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { DatabaseHandle } from '../db/client.ts';
import type { WalletKind } from './ledger.ts';
import { fromMinor } from './money.ts';

export type Money = { amount: string; currency: string };

/** The four balances of §3 and the displayed total, as the contract's `balances` entity. */
export interface BalanceView {
  balance_main: Money;
  balance_bonus: Money;
  balance_betting_bonus: Money;
  balance_fun: Money;
  /** main + bonus + betting bonus (§3), added in minor units: never from decimal strings. */
  balance_total: Money;
}

/** Minor units per kind to the wire's decimal strings, with the total computed once, here. */
export function balanceView(
  minor: Record<WalletKind, bigint>,
  currency: string,
  decimals: number,
): BalanceView {
  const money = (value: bigint) => ({ amount: fromMinor(value, decimals), currency });
  return {
    balance_main: money(minor.main),
    balance_bonus: money(minor.bonus),
    balance_betting_bonus: money(minor.betting_bonus),
    balance_fun: money(minor.fun),
    balance_total: money(minor.main + minor.bonus + minor.betting_bonus),
  };
}

/**
 * A player's balances in their account currency, in one round trip: the player's currency and
 * status, its decimals and the wallets. The one balance read of the platform: `getBalance`
 * (polled every 10 s by every open tab, §9) and `getInfo` both answer from it, so they always
 * agree. A deleted account is not signed in; a banned one answers UserBanned.
 */
export async function playerBalances(
  database: DatabaseHandle,
  playerId: number,
  /** Staff see a blocked player's balances too (issue #30); a player's own call does not. */
  options: { blockedToo?: boolean } = {},
): Promise<BalanceView> {
  const rows = await database.query<{
    status: string;
    currency: string;
    decimals: number;
    kind: WalletKind | null;
    balance_minor: string | null;
  }>(
    sql`
    select p.status, p.currency, coalesce(c.decimals, 2) as decimals, w.kind, w.balance_minor
    from players p
    left join currencies c on c.code = p.currency
    left join wallets w on w.player_id = p.id and w.currency = p.currency
    where p.id = ${playerId}`,
    'balances_of_player',
  );
  const first = rows[0];
  if (!first || first.status === 'deleted')
    throw new ApiError('Authorization', 'Sign in to continue');
  if (first.status === 'banned' && !options.blockedToo) {
    throw new ApiError('UserBanned', 'This account is blocked', {
      errorData: { type: 'user-banned' },
    });
  }
  const minor: Record<WalletKind, bigint> = {
    main: 0n,
    bonus: 0n,
    betting_bonus: 0n,
    fun: 0n,
    freespins: 0n,
  };
  for (const row of rows) if (row.kind) minor[row.kind] = BigInt(row.balance_minor ?? 0);
  return balanceView(minor, first.currency, Number(first.decimals));
}

/** Whether any money has moved for the player (the account currency is fixed after the first). */
export async function hasMovements(database: DatabaseHandle, playerId: number): Promise<boolean> {
  const rows = await database.query(
    sql`select 1 from ledger_entries where player_id = ${playerId} limit 1`,
  );
  return rows.length > 0;
}
