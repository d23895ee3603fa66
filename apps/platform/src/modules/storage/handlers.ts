import type { ModuleHandlers } from '../handlers.ts';
import { storedKeys, storedValues, storeValue } from '../../player-storage/index.ts';

export { STORAGE_PLAYER_QUOTA, STORAGE_VALUE_QUOTA } from '../../player-storage/index.ts';

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
    return storedValues(ctx.app.database.db, ctx.playerId(), keys);
  },

  async getKeys(ctx) {
    return storedKeys(ctx.app.database.db, ctx.playerId());
  },

  async set(ctx, params) {
    await storeValue(ctx.app.database.db, {
      playerId: ctx.playerId(),
      key: params.key,
      value: params.value,
      now: ctx.app.now(),
    });
    return 1 as const;
  },
};
