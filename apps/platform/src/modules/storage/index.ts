export { storageHandlers, STORAGE_PLAYER_QUOTA, STORAGE_VALUE_QUOTA } from './handlers.ts';
