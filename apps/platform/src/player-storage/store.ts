import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { Executor } from '../db/client.ts';
import { lockPlayer } from '../identity/index.ts';
import { playerStorage } from './schema.ts';

/** Per value and per player quotas, in UTF-8 bytes (keys count towards the player's). */
export const STORAGE_VALUE_QUOTA = 4 * 1024;
export const STORAGE_PLAYER_QUOTA = 64 * 1024;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** The stored values of these keys (keys without a value are left out). */
export async function storedValues(
  db: Executor,
  playerId: number,
  keys: readonly string[],
): Promise<Record<string, string>> {
  if (keys.length === 0) return {};
  const rows = await db
    .select({ key: playerStorage.key, value: playerStorage.value })
    .from(playerStorage)
    .where(and(eq(playerStorage.playerId, playerId), inArray(playerStorage.key, [...keys])));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** Every key the player has a value for, in order. */
export async function storedKeys(db: Executor, playerId: number): Promise<string[]> {
  const rows = await db
    .select({ key: playerStorage.key })
    .from(playerStorage)
    .where(eq(playerStorage.playerId, playerId))
    .orderBy(asc(playerStorage.key));
  return rows.map((row) => row.key);
}

/** Stores a value (an empty one removes the key) within the quotas (§7 storage/set). */
export async function storeValue(
  db: Executor,
  target: { playerId: number; key: string; value: string; now: Date },
): Promise<void> {
  const { playerId, key, value, now } = target;
  const where = and(eq(playerStorage.playerId, playerId), eq(playerStorage.key, key));
  if (value === '') {
    await db.delete(playerStorage).where(where);
    return;
  }
  if (bytes(value) > STORAGE_VALUE_QUOTA) {
    throw new ApiError('StorageQuotaExceeded', 'A stored value may hold at most 4 KB', {
      errorData: { limit: STORAGE_VALUE_QUOTA, size: bytes(value) },
    });
  }
  await db.transaction(async (tx) => {
    // One writer per player at a time, so two concurrent sets cannot both pass the quota.
    await lockPlayer(tx, playerId);
    const [usage] = (
      (await tx.execute(sql`
        select coalesce(sum(octet_length(key) + octet_length(value)), 0)::integer as used
        from player_storage where player_id = ${playerId} and key <> ${key}`)) as unknown as {
        rows: { used: number }[];
      }
    ).rows;
    const total = Number(usage?.used ?? 0) + bytes(key) + bytes(value);
    if (total > STORAGE_PLAYER_QUOTA) {
      throw new ApiError('StorageQuotaExceeded', 'The storage of this account is full (64 KB)', {
        errorData: { limit: STORAGE_PLAYER_QUOTA, size: total },
      });
    }
    await tx
      .insert(playerStorage)
      .values({ playerId, key, value, updatedAt: now })
      .onConflictDoUpdate({
        target: [playerStorage.playerId, playerStorage.key],
        set: { value, updatedAt: now },
      });
  });
}
