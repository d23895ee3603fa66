import { methodKey } from '@northstar/contract';
import { accountHandlers } from './account/index.ts';
import { authHandlers } from './auth/index.ts';
import { bannersHandlers } from './banners/index.ts';
import { bettingBonusesHandlers } from './bettingbonuses/index.ts';
import { bonusesHandlers } from './bonuses/index.ts';
import { cashbacksHandlers } from './cashbacks/index.ts';
import { campaignsHandlers } from './campaigns/index.ts';
import { cashierHandlers } from './cashier/index.ts';
import { chatHandlers } from './chat/index.ts';
import { eventsHandlers } from './events/index.ts';
import { freespinsHandlers } from './freespins/index.ts';
import { gamesHandlers } from './games/index.ts';
import { jackpotsHandlers } from './jackpots/index.ts';
import { leaderboardHandlers } from './leaderboard/index.ts';
import { loyaltyHandlers } from './loyalty/index.ts';
import { metadataHandlers } from './metadata/index.ts';
import { storageHandlers } from './storage/index.ts';
import { sumsubHandlers } from './sumsub/index.ts';
import { supportHandlers } from './support/index.ts';
import { tournamentsHandlers } from './tournaments/index.ts';
import { sportsbookHandlers } from './sportsbook/index.ts';
import { staffHandlers } from './staff/index.ts';
import { reportsHandlers } from './reports/index.ts';

/** The handlers of each §7 module that has built methods; one folder per module. */
const MODULES = {
  account: accountHandlers,
  auth: authHandlers,
  banners: bannersHandlers,
  bettingbonuses: bettingBonusesHandlers,
  bonuses: bonusesHandlers,
  campaigns: campaignsHandlers,
  cashbacks: cashbacksHandlers,
  cashier: cashierHandlers,
  chat: chatHandlers,
  events: eventsHandlers,
  metadata: metadataHandlers,
  games: gamesHandlers,
  jackpots: jackpotsHandlers,
  leaderboard: leaderboardHandlers,
  loyalty: loyaltyHandlers,
  freespins: freespinsHandlers,
  storage: storageHandlers,
  sumsub: sumsubHandlers,
  support: supportHandlers,
  tournaments: tournamentsHandlers,
  sportsbook: sportsbookHandlers,
  staff: staffHandlers,
  reports: reportsHandlers,
};

/** Every built method's handler, by registry key (`module/method`, lower case). */
export const HANDLERS: ReadonlyMap<string, unknown> = new Map(
  Object.entries(MODULES).flatMap(([module, handlers]) =>
    Object.entries(handlers).map(
      ([method, handler]) => [methodKey(module, method), handler] as const,
    ),
  ),
);
export type { Handler, ModuleHandlers } from './handlers.ts';
