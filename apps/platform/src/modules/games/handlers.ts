import { ApiError } from '@northstar/errors';
import {
  addFavourite,
  catalogue,
  categoryCounts,
  favouritesOf,
  gameNamesOf,
  isActiveGame,
  playerExports,
  playerGameRounds,
  providersWithCounts,
  removeFavourite,
  requestExport,
} from '../../games/index.ts';
import { publicNamesOf } from '../../identity/index.ts';
import { generalSettings } from '../../lib/general-settings.ts';
import { recentWins } from '../../wallet/index.ts';
import type { ModuleHandlers } from '../handlers.ts';
import { maskedNickname } from '../jackpots/index.ts';
import { sessionSummary } from './session-summary.ts';

function gameNotFound(): ApiError {
  return new ApiError('InvalidParameter', 'There is no such game', {
    invalidParameters: { sysname: ['game_not_found'] },
  });
}

/** §7 Games. */
export const gamesHandlers: ModuleHandlers<'games'> = {
  /**
   * The catalogue, filtered (category, providers, tags, search) and sorted. The search matches any
   * part of a name (ILIKE on the trigram index), the closest names first.
   */
  async get(ctx, params) {
    const options = params.options ?? {};
    const { total, rows } = await catalogue(ctx.app, {
      ...options,
      limit: options.limit ?? 50,
      offset: options.offset ?? 0,
    });
    return {
      total,
      items: rows.map((g) => ({
        sysname: g.sysname,
        name: g.name,
        provider: { sysname: g.provider_sysname, game_params: {} },
        image_url: g.image_url,
        tags: g.tags,
        description: {},
        rtp: g.rtp_basis_points === null ? null : g.rtp_basis_points / 100,
        volatility: g.volatility,
        categories: g.categories,
      })),
    };
  },

  async getLikes(ctx) {
    return { sysnames: await favouritesOf(ctx.app, ctx.playerId()) };
  },

  /** A favourite, once (adding it again changes nothing). */
  async addLike(ctx, params) {
    if (!(await isActiveGame(ctx.app, params.sysname))) throw gameNotFound();
    await addFavourite(ctx.app, ctx.playerId(), params.sysname);
    return 1;
  },

  async removeLike(ctx, params) {
    await removeFavourite(ctx.app, ctx.playerId(), params.sysname);
    return 1;
  },

  /** Every category an active game is in, with how many games it holds. */
  async getCategories(ctx) {
    const rows = await categoryCounts(ctx.app);
    return { total: rows.length, items: rows };
  },

  async getProviders(ctx, params) {
    const types =
      params.types
        ?.split(',')
        .map((t) => t.trim())
        .filter(Boolean) ?? [];
    const rows = await providersWithCounts(ctx.app, types);
    return { total: rows.length, items: rows };
  },

  /**
   * The player's rounds, newest first, from the wallet's own records (every provider's bets,
   * wins and rollbacks grouped by round): what the money did, not what a game says it did.
   */
  async getHistory(ctx, params) {
    return playerGameRounds(
      ctx.app,
      ctx.playerId(),
      { limit: params.count ?? 20, offset: params.offset ?? 0 },
      { from: params.from, to: params.to, product: params.product, status: params.status },
    );
  },

  /** The player's export requests, newest first (issue #25). */
  async gethistoryexportrequest(ctx) {
    return playerExports(ctx.app, ctx.playerId());
  },

  /** §3 is_game_history_export_enabled: refused while the operator has exports off. */
  async createhistoryexportrequest(ctx, params) {
    if (!generalSettings().is_game_history_export_enabled) {
      throw new ApiError('AccessDenied', 'Game history exports are not available');
    }
    return requestExport(ctx.app, ctx.playerId(), { from: params.from, to: params.to });
  },

  /** Ours: every player's recent wins from the wallet's records (the winners page, lobby). */
  async getWinners(ctx, params) {
    const { total, items } = await recentWins(ctx.app, {
      sort: params.sort ?? 'recent',
      limit: params.count ?? 20,
      offset: params.offset ?? 0,
    });
    // The winners' names are identity's and the games' names the catalogue's (their doors).
    const names = await publicNamesOf(
      ctx.app.database.db,
      items.map((item) => item.player_id),
    );
    const games = await gameNamesOf(
      ctx.app,
      items.map((item) => item.game_code),
    );
    return {
      total,
      items: items.map((item) => {
        const name = names.get(item.player_id);
        return {
          round: item.round,
          player: maskedNickname(name?.fakename ?? null, name?.login ?? null),
          game: { sysname: item.game_code, name: games.get(item.game_code) ?? item.game_code },
          amount: item.amount,
          stake: item.stake,
          currency: item.currency,
          won_at: item.won_at,
        };
      }),
    };
  },

  /** Ours: the money this play session moved (the game page's header, UK RTS 14 and 2E). */
  async getSessionSummary(ctx, params) {
    return sessionSummary(ctx.app, ctx.playerId(), params.since);
  },
};
