import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { playerStorage } from '../../db/schema/index.ts';
import type { ModuleHandlers } from '../../http/index.ts';

/** Per value and per player quotas, in UTF-8 bytes (keys count towards the player's). */
export const STORAGE_VALUE_QUOTA = 4 * 1024;
export const STORAGE_PLAYER_QUOTA = 64 * 1024;

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

export const storageHandlers: ModuleHandlers<'storage'> = {
  async get(ctx, params) {
    const keys = [
      ...new Set(
        params.keys
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      ),
    ].slice(0, 100);
    if (keys.length === 0) return {};
    const rows = await ctx.app.database.db
      .select({ key: playerStorage.key, value: playerStorage.value })
      .from(playerStorage)
      .where(and(eq(playerStorage.playerId, ctx.playerId()), inArray(playerStorage.key, keys)));
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  },

  async getKeys(ctx) {
    const rows = await ctx.app.database.db
      .select({ key: playerStorage.key })
      .from(playerStorage)
      .where(eq(playerStorage.playerId, ctx.playerId()))
      .orderBy(asc(playerStorage.key));
    return rows.map((row) => row.key);
  },

  async set(ctx, params) {
    const playerId = ctx.playerId();
    const { key, value } = params;
    const where = and(eq(playerStorage.playerId, playerId), eq(playerStorage.key, key));
    if (value === '') {
      await ctx.app.database.db.delete(playerStorage).where(where);
      return 1 as const;
    }
    if (bytes(value) > STORAGE_VALUE_QUOTA) {
      throw new ApiError('StorageQuotaExceeded', 'A stored value may hold at most 4 KB', {
        errorData: { limit: STORAGE_VALUE_QUOTA, size: bytes(value) },
      });
    }
    await ctx.app.database.db.transaction(async (tx) => {
      // One writer per player at a time, so two concurrent sets cannot both pass the quota.
      await tx.execute(sql`select id from players where id = ${playerId} for update`);
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
        .values({ playerId, key, value, updatedAt: ctx.app.now() })
        .onConflictDoUpdate({
          target: [playerStorage.playerId, playerStorage.key],
          set: { value, updatedAt: ctx.app.now() },
        });
    });
    return 1 as const;
  },
};
