import { methodKey } from '@northstar/contract';
import { accountHandlers } from './account/handlers.ts';
import { authHandlers } from './auth/handlers.ts';
import { freespinsHandlers, gamesHandlers, loyaltyHandlers } from './catalog/handlers.ts';
import { metadataHandlers } from './metadata/handlers.ts';
import { storageHandlers } from './storage/handlers.ts';
import { supportHandlers } from './support/handlers.ts';

const MODULES = {
  account: accountHandlers,
  auth: authHandlers,
  metadata: metadataHandlers,
  games: gamesHandlers,
  loyalty: loyaltyHandlers,
  freespins: freespinsHandlers,
  storage: storageHandlers,
  support: supportHandlers,
};

/** Every built method's handler, by registry key (`module/method`, lower case). */
export const HANDLERS: ReadonlyMap<string, unknown> = new Map(
  Object.entries(MODULES).flatMap(([module, handlers]) =>
    Object.entries(handlers).map(
      ([method, handler]) => [methodKey(module, method), handler] as const,
    ),
  ),
);
