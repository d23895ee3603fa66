import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';

/**
 * What the money-facing domains (games/ launching a real-money game, payments/) read of a player,
 * as doors of identity so they do not read `players` and `contacts` themselves (issue #23 §1).
 */

/** The account's status and currency; null for no such player. */
export async function playerStanding(
  db: Executor,
  playerId: number,
): Promise<{ status: string; currency: string } | null> {
  const [row] = await rowsOf<{ status: string; currency: string }>(
    db,
    sql`select status, currency from players where id = ${playerId}`,
  );
  return row ?? null;
}

export interface PaymentAccount {
  id: number;
  status: string;
  currency: string;
  isVerified: boolean;
  isOnVerification: boolean;
  isKycBlockEnabled: boolean;
}

/**
 * The account as payments/ needs it (status, currency, verification). With `lock` the player's
 * row is held for the caller's transaction (`db` is then that transaction), so two money
 * operations of one player run one after the other.
 */
export async function paymentAccount(
  db: Executor,
  playerId: number,
  lock = false,
): Promise<PaymentAccount | null> {
  const [row] = await rowsOf<{
    id: number;
    status: string;
    currency: string;
    is_verified: boolean;
    is_on_verification: boolean;
    is_kyc_block_enabled: boolean;
  }>(
    db,
    sql`select id, status, currency, is_verified, is_on_verification, is_kyc_block_enabled
        from players where id = ${playerId} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    currency: row.currency,
    isVerified: row.is_verified,
    isOnVerification: row.is_on_verification,
    isKycBlockEnabled: row.is_kyc_block_enabled,
  };
}

/** The profile fields (the profile form's sysnames) a player's account holds, and their columns. */
const PROFILE_COLUMNS: Readonly<Record<string, string>> = {
  first_name: 'first_name',
  middle_name: 'middle_name',
  last_name: 'last_name',
  sex: 'sex',
  birth_date: 'birth_date',
  document_type: 'document_type',
  document_number: 'document_number',
  country_code: 'country_code',
  region: 'region',
  home_town: 'home_town',
  address: 'address',
  postcode: 'postcode',
};

/** Whether a profile form field is one the account holds (contacts are not). */
export const isProfileField = (name: string): boolean => Object.hasOwn(PROFILE_COLUMNS, name);

/** Those of `fields` (profile fields) that the player has not filled in, in their order. */
export async function emptyProfileFields(
  db: Executor,
  playerId: number,
  fields: readonly string[],
): Promise<string[]> {
  const known = fields.filter(isProfileField);
  if (known.length === 0) return [];
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${sql.raw(known.map((name) => PROFILE_COLUMNS[name]).join(', '))}
        from players where id = ${playerId}`,
  );
  return known.filter((name) => {
    const value = row?.[PROFILE_COLUMNS[name]!];
    return value === null || value === undefined || String(value).trim() === '';
  });
}

/** Whether the player has at least one confirmed contact (e-mail or phone). */
export async function hasConfirmedContact(db: Executor, playerId: number): Promise<boolean> {
  const [row] = await rowsOf(
    db,
    sql`select 1 from contacts where player_id = ${playerId} and is_confirmed limit 1`,
  );
  return row !== undefined;
}
