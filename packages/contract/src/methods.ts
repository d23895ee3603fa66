import { account } from './modules/account.ts';
import { auth } from './modules/auth.ts';
import { banners } from './modules/banners.ts';
import { bettingBonuses } from './modules/bettingbonuses.ts';
import { bonuses } from './modules/bonuses.ts';
import { campaigns } from './modules/campaigns.ts';
import { cashbacks } from './modules/cashbacks.ts';
import { cashier } from './modules/cashier.ts';
import { freespins } from './modules/freespins.ts';
import { chat } from './modules/chat.ts';
import { games } from './modules/games.ts';
import { jackpots } from './modules/jackpots.ts';
import { leaderboard } from './modules/leaderboard.ts';
import { loyalty } from './modules/loyalty.ts';
import { metadata } from './modules/metadata.ts';
import { popups } from './modules/popups.ts';
import { storage } from './modules/storage.ts';
import { sumsub } from './modules/sumsub.ts';
import { support } from './modules/support.ts';
import { tournaments } from './modules/tournaments.ts';
import { events } from './modules/events.ts';
import { sportsbook } from './modules/sportsbook.ts';
import { staff } from './modules/staff.ts';
import { reports } from './modules/reports.ts';

/**
 * Every application-API method of spec §7, one entry each, in the §7 order. Each module's methods
 * live in `modules/<module>.ts`. The server's `/api` routes are generated from this registry and
 * the api-client is typed from it.
 */
export const api = {
  account,
  auth,
  banners,
  bettingbonuses: bettingBonuses,
  bonuses,
  campaigns,
  cashbacks,
  cashier,
  freespins,
  chat,
  games,
  jackpots,
  leaderboard,
  loyalty,
  metadata,
  popups,
  storage,
  sumsub,
  support,
  tournaments,
  events,
  sportsbook,
  staff,
  reports,
} as const;

export type Api = typeof api;
export type ModuleName = keyof Api;
export type MethodName<M extends ModuleName> = keyof Api[M] & string;
