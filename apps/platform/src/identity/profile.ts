import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { hashPassword } from './passwords.ts';
import type { Player } from './players.ts';
import { players } from './schema.ts';

/**
 * What other domains may change on a player row (issue #23: the `players` table is identity's;
 * modules/account, modules/auth and the content backend change it through here). The sign-in
 * name, role and status are not in it: they change only inside identity.
 */
export type ProfileChanges = Partial<
  Pick<
    Player,
    | 'fakename'
    | 'currency'
    | 'locale'
    | 'countryCode'
    | 'region'
    | 'isSubscribed'
    | 'isBetting'
    | 'isRegistrationCompleted'
    | 'twoFactorEnabled'
    | 'characterId'
    | 'promoCode'
    | 'firstName'
    | 'middleName'
    | 'lastName'
    | 'sex'
    | 'birthDate'
    | 'documentType'
    | 'documentNumber'
    | 'homeTown'
    | 'address'
    | 'postcode'
  >
>;

/** A player row as it is, whatever its status (findPlayer refuses banned and deleted ones). */
export async function playerById(db: Executor, id: number): Promise<Player | null> {
  const [row] = await db.select().from(players).where(eq(players.id, id)).limit(1);
  return row ?? null;
}

/** Writes the given fields of the player's profile; the others stay as they are. */
export async function updateProfile(
  db: Executor,
  playerId: number,
  changes: ProfileChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(players).set(changes).where(eq(players.id, playerId));
}

/**
 * The §3 verification flags as the kyc domain decides them (issue #25): `is_verified` once every
 * document is approved, `is_on_verification` while documents are under review. Only kyc/ calls
 * this; `is_kyc_block_enabled` is the operator's and is not changed here.
 */
export async function setVerificationFlags(
  db: Executor,
  playerId: number,
  flags: { isVerified?: boolean; isOnVerification?: boolean; isKycBlockEnabled?: boolean },
): Promise<void> {
  const changes: { isVerified?: boolean; isOnVerification?: boolean; isKycBlockEnabled?: boolean } =
    {};
  if (flags.isVerified !== undefined) changes.isVerified = flags.isVerified;
  if (flags.isOnVerification !== undefined) changes.isOnVerification = flags.isOnVerification;
  // The operator's switch (§3 `is_kyc_block_enabled`): staff only (kyc/'s staffSetKycBlock).
  if (flags.isKycBlockEnabled !== undefined) changes.isKycBlockEnabled = flags.isKycBlockEnabled;
  if (Object.keys(changes).length === 0) return;
  await db.update(players).set(changes).where(eq(players.id, playerId));
}

/** A new password, hashed here; answers the new hash (the content backend's tokens carry it). */
export async function setPassword(
  db: Executor,
  playerId: number,
  password: string,
): Promise<string> {
  const passwordHash = await hashPassword(password);
  await db.update(players).set({ passwordHash }).where(eq(players.id, playerId));
  return passwordHash;
}

/** The player whose nickname this is, compared without regard to case; null when it is free. */
export async function fakenameOwner(db: Executor, fakename: string): Promise<number | null> {
  const [row] = await db
    .select({ id: players.id })
    .from(players)
    .where(sql`lower(${players.fakename}) = ${fakename.toLowerCase()}`)
    .limit(1);
  return row?.id ?? null;
}

/**
 * The names the site may show for these players (winner lists, jackpot wins): the nickname and
 * the login, which the caller masks (modules/jackpots/masked.ts). Unknown ids are left out.
 */
export async function publicNamesOf(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, { fakename: string | null; login: string }>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: players.id, fakename: players.fakename, login: players.login })
    .from(players)
    .where(inArray(players.id, unique));
  return new Map(rows.map((row) => [row.id, { fakename: row.fakename, login: row.login }]));
}

/**
 * Locks the player's row until the transaction ends: one writer per player at a time for a check
 * then write that spans rows (player storage's quota), without the caller reading `players`.
 */
export async function lockPlayer(tx: Executor, playerId: number): Promise<void> {
  await tx.select({ id: players.id }).from(players).where(eq(players.id, playerId)).for('update');
}
