import { ApiError } from '@northstar/errors';
import { unitsToMinor } from '../bonuses/index.ts';
import type { Executor } from '../db/client.ts';
import { findPlayer } from '../identity/index.ts';
import { findCurrency } from '../reference/index.ts';
import { fromMinor } from '../wallet/index.ts';

/**
 * The money and field-error helpers the promotion handlers share (bonuses, cashbacks,
 * campaigns; issue #26): amounts go out as decimal strings in the currency's own decimals, and
 * a bad staff parameter is a typed field error (§8 InvalidParameter), never a 500.
 */

/** The currency's decimals (2 when the reference does not know it). */
export async function decimalsOf(db: Executor, currency: string): Promise<number> {
  return (await findCurrency(db, currency))?.decimals ?? 2;
}

/** An amount as the API shows it: `{ amount: '10.00', currency: 'EUR' }`. */
export const money = (minor: bigint | string, currency: string, decimals: number) => ({
  amount: fromMinor(BigInt(minor), decimals),
  currency,
});

/** Minor units as a decimal string. */
export const units = (minor: bigint | string, decimals: number): string =>
  fromMinor(BigInt(minor), decimals);

/** Minor units as a decimal string; null stays null. */
export const unitsOrNull = (minor: bigint | string | null, decimals: number): string | null =>
  minor === null ? null : fromMinor(BigInt(minor), decimals);

export const iso = (value: Date | string) => new Date(value).toISOString();

/** A decimal param in the currency's minor units; more decimals than it has is a field error. */
export function minorOf(field: string, value: string, decimals: number): bigint {
  try {
    return unitsToMinor(value, decimals);
  } catch {
    throw new ApiError('InvalidParameter', 'Too many decimals for this currency', {
      invalidParameters: { [field]: ['wrong_field'] },
    });
  }
}

/** `minorOf` for an optional param: absent is null. */
export function optionalMinorOf(
  field: string,
  value: string | undefined,
  decimals: number,
): bigint | null {
  return value === undefined ? null : minorOf(field, value, decimals);
}

/** The decimals of a currency a staff call names; an unknown one is a field error. */
export async function knownCurrencyDecimals(
  db: Executor,
  currency: string,
  field = 'currency',
): Promise<number> {
  const known = await findCurrency(db, currency);
  if (!known) {
    throw new ApiError('InvalidParameter', 'Unknown currency', {
      invalidParameters: { [field]: ['wrong_field'] },
    });
  }
  return known.decimals;
}

/** The player a staff call names; an unknown one is a field error (`player_id`). */
export function staffTargetPlayer(db: Executor, playerId: number) {
  return findPlayer(db, playerId).catch(() => {
    throw new ApiError('InvalidParameter', 'No such player', {
      invalidParameters: { player_id: ['wrong_field'] },
    });
  });
}
