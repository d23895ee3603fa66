/**
 * Player storage's door (§7 storage/*, issue #23): small per-player key/value pairs kept for the
 * site. The `player_storage` table is declared in ./schema.ts and read only here; the API's
 * storage methods (modules/storage) call these operations.
 */
export {
  storedKeys,
  storedValues,
  storeValue,
  STORAGE_PLAYER_QUOTA,
  STORAGE_VALUE_QUOTA,
} from './store.ts';
