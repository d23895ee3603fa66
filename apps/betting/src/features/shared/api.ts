import type { InferOutput } from 'valibot';
import { useAtomValue } from 'jotai';
import type { bettingBonus, sbBet, sbEvent, sbLeg, sbMarket, sbOutcome } from '@northstar/contract';
import { apiQueryKey, methodRef, pageApi, sessionAtom } from '@northstar/shell-sdk';

/**
 * The betting pages' `/api` calls (issue #29, module `sportsbook`) through the page's one
 * transport (shell-sdk's `pageApi`). Only refs (module, name, verb) are bundled, never the schemas.
 */
export const bettingApi = pageApi;

export const BETTING_METHODS = {
  sports: methodRef('sportsbook', 'getSports'),
  events: methodRef('sportsbook', 'getEvents'),
  event: methodRef('sportsbook', 'getEvent'),
  place: methodRef('sportsbook', 'place'),
  bets: methodRef('sportsbook', 'getBets'),
  cashout: methodRef('sportsbook', 'cashout'),
  settings: methodRef('sportsbook', 'getSettings'),
  setSettings: methodRef('sportsbook', 'setSettings'),
  /** The player's free bets (issue #26): an active one can stake a bet. */
  freeBets: methodRef('bettingbonuses', 'get'),
};

export type SbEvent = InferOutput<typeof sbEvent>;
export type SbMarket = InferOutput<typeof sbMarket>;
export type SbOutcome = InferOutput<typeof sbOutcome>;
export type SbBet = InferOutput<typeof sbBet>;
export type SbLeg = InferOutput<typeof sbLeg>;
export type Sport = SbEvent['sport'];
export type FreeBet = InferOutput<typeof bettingBonus>;
export type OddsChangeSetting = SbBet['odds_change'];

export interface SportSummary {
  sport: Sport;
  live: number;
  upcoming: number;
  competitions: { id: number; name: string; country: string; live: number; upcoming: number }[];
}

export interface Book {
  total: number;
  items: SbEvent[];
  seq: string;
}

/** The react-query key of a sportsbook method's answer (the shell's `apiQueryKey` scheme). */
export function bettingKey(
  method: keyof typeof BETTING_METHODS,
  params: Record<string, unknown> = {},
): readonly unknown[] {
  const ref = BETTING_METHODS[method];
  return apiQueryKey(ref.module, ref.method, params);
}

/** Every key of one method (any params), for invalidation and for the odds stream's updates. */
export function bettingKeyPrefix(method: keyof typeof BETTING_METHODS): readonly unknown[] {
  return bettingKey(method).slice(0, 3);
}

/** The signed-in player's uid, 0 for a visitor, null while the session is not known yet. */
export function useViewer(): number | null {
  const session = useAtomValue(sessionAtom);
  if (session.status === 'unknown') return null;
  return session.status === 'signed-in' ? session.user.uid : 0;
}
