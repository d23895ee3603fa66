import type { MethodRef } from '@northstar/api-client/transport';
import type { InferOutput } from 'valibot';
import type {
  game,
  gameRound,
  gamesQuery,
  gameWinner,
  GAME_SORTS,
  jackpot,
  jackpotWinner,
  ParamsOf,
  provider,
  ResponseOf,
  tournament,
} from '@northstar/contract';
import { apiQueryKey, methodRef, pageApi } from '@northstar/shell-sdk';

/**
 * The casino's `/api` calls go through the page's one transport (shell-sdk's `pageApi`: same
 * origin, the page's locale, `_non_strict` in a frame, §7). Only refs (module, name, verb) are
 * bundled, never the contract's schemas; the server checks every call.
 */
export const casinoApi = pageApi;

const ref = methodRef;

export const CASINO_METHODS = {
  games: ref('games', 'get'),
  likes: ref('games', 'getLikes'),
  addLike: ref('games', 'addLike'),
  removeLike: ref('games', 'removeLike'),
  categories: ref('games', 'getCategories'),
  providers: ref('games', 'getProviders'),
  history: ref('games', 'getHistory'),
  jackpots: ref('jackpots', 'get'),
  jackpotWinners: ref('jackpots', 'getWinners'),
  winners: ref('games', 'getWinners'),
  freespins: ref('freespins', 'get'),
  banners: ref('banners', 'get'),
  tournaments: ref('tournaments', 'get'),
  participate: ref('tournaments', 'participate'),
  leaderboardLive: ref('leaderboard', 'live'),
};

type CasinoMethods = typeof CASINO_METHODS;
type DefinitionOf<K extends keyof CasinoMethods> =
  CasinoMethods[K] extends MethodRef<infer M> ? M : never;

/** The answer of one casino method, as the contract types it. */
export type CasinoResponse<K extends keyof CasinoMethods> = ResponseOf<DefinitionOf<K>>;
export type CasinoParams<K extends keyof CasinoMethods> = ParamsOf<DefinitionOf<K>>;

/** The contract's `list()` types items as `unknown`; a game's type is read from its schema. */
export type Game = InferOutput<typeof game>;
/** The `options` of games/get (sent as JSON in the query string). */
export type GamesQuery = InferOutput<typeof gamesQuery>;
export type GameSort = (typeof GAME_SORTS)[number];
export type Provider = InferOutput<typeof provider>;
export type Jackpot = InferOutput<typeof jackpot>;
export type JackpotWinner = InferOutput<typeof jackpotWinner>;
/** A recent win of any game (games/getWinners). */
export type GameWinner = InferOutput<typeof gameWinner>;
/** A played round (games/getHistory). */
export type GameRound = InferOutput<typeof gameRound>;
/** §3 Tournament (tournaments/get). */
export type Tournament = InferOutput<typeof tournament>;
/** A page of a list method: the contract's `list()` answers `{ items, total }`. */
export interface ListOf<T> {
  items: T[];
  total: number;
}

/** The react-query key of a casino method's answer (the shell's `apiQueryKey` scheme). */
export function casinoKey<K extends keyof CasinoMethods>(
  method: K,
  params: Record<string, unknown> = {},
): readonly unknown[] {
  const definition = CASINO_METHODS[method];
  return apiQueryKey(definition.module, definition.method, params);
}

/** Every key of one method (any params), for invalidation. */
export function casinoKeyPrefix(method: keyof CasinoMethods): readonly unknown[] {
  return casinoKey(method).slice(0, 3);
}
