/**
 * A tournament's scoring and ranking (issue #27), pure: the consumer (consumer.ts) applies play
 * events with `applyRound`, the leaderboard and the payout rank with `rank`, and the payout awards
 * with `awards`. Unit-tested in scoring.test.ts, and the payout is checked against a reference
 * model in payout.model.test.ts.
 */
import type { PrizeSpec } from './schema.ts';

export const SCORINGS = ['wins', 'multiplier', 'rounds', 'net'] as const;
export type Scoring = (typeof SCORINGS)[number];

export interface Tally {
  score: bigint;
  rounds: number;
  winsMinor: bigint;
  stakesMinor: bigint;
}

export const EMPTY_TALLY: Tally = { score: 0n, rounds: 0, winsMinor: 0n, stakesMinor: 0n };

export interface RoundMove {
  kind: 'bet' | 'win' | 'rollback';
  amountMinor: bigint;
  stakeMinor: bigint;
  freespin: boolean;
}

/**
 * Whether a movement counts: a round staked at least the minimum with the player's own money. A
 * free spin's round is the operator's stake (ours, where the spec is silent: it would let a prize
 * of free spins win the next tournament), and a round of stake 0 has no multiplier.
 */
export function counts(move: RoundMove, minStakeMinor: bigint): boolean {
  return !move.freespin && move.stakeMinor > 0n && move.stakeMinor >= minStakeMinor;
}

/**
 * The tally after one movement of a counted round. A bet is a round and a stake; a win adds its
 * amount (and may set a best multiplier, in 1/100ths, rounded down); a rollback takes its bet's
 * round and stake back. The score follows the scoring: the sum of wins, the best multiplier, the
 * number of rounds, or wins minus stakes (net, may be negative).
 */
export function applyRound(scoring: Scoring, tally: Tally, move: RoundMove): Tally {
  const next = { ...tally };
  if (move.kind === 'bet') {
    next.rounds += 1;
    next.stakesMinor += move.stakeMinor;
  } else if (move.kind === 'rollback') {
    next.rounds -= 1;
    next.stakesMinor -= move.stakeMinor;
  } else {
    next.winsMinor += move.amountMinor;
  }
  switch (scoring) {
    case 'wins':
      next.score = next.winsMinor;
      break;
    case 'rounds':
      next.score = BigInt(next.rounds);
      break;
    case 'net':
      next.score = next.winsMinor - next.stakesMinor;
      break;
    case 'multiplier': {
      const multiple =
        move.kind === 'win' ? (move.amountMinor * 100n) / move.stakeMinor : next.score;
      next.score = multiple > tally.score ? multiple : tally.score;
      break;
    }
  }
  return next;
}

export interface Standing {
  playerId: number;
  entryId: number;
  score: bigint;
  /** When the score last changed; null: no counted round yet. */
  reachedAt: Date | null;
}

/**
 * The leaderboard's order, and the tie rule (documented, §3 is silent): the higher score first;
 * of two equal scores, the one reached first (the earlier `reachedAt`: the other player only
 * caught up); then the one who joined first (smaller entry id). Places are therefore never shared
 * and a prize is never split. A player with no counted round is listed after everyone who played
 * and is never placed for a prize (with net scoring a 0 would otherwise beat every loser).
 */
export function rank<T extends Standing>(
  standings: readonly T[],
): (T & { place: number | null })[] {
  const played = standings.filter((s) => s.reachedAt !== null);
  const idle = standings.filter((s) => s.reachedAt === null);
  played.sort((a, b) => {
    if (a.score !== b.score) return a.score > b.score ? -1 : 1;
    const at = a.reachedAt!.getTime() - b.reachedAt!.getTime();
    if (at !== 0) return at;
    return a.entryId - b.entryId;
  });
  idle.sort((a, b) => a.entryId - b.entryId);
  return [
    ...played.map((s, i) => ({ ...s, place: i + 1 })),
    ...idle.map((s) => ({ ...s, place: null })),
  ];
}

export interface Award {
  playerId: number;
  place: number;
  prize: PrizeSpec;
}

/** Who gets which prize: the prize of each place goes to the player ranked there, if any. */
export function awards(standings: readonly Standing[], prizes: readonly PrizeSpec[]): Award[] {
  const byPlace = new Map(prizes.map((p) => [p.place, p]));
  const out: Award[] = [];
  for (const s of rank(standings)) {
    if (s.place === null) continue;
    const prize = byPlace.get(s.place);
    if (prize) out.push({ playerId: s.playerId, place: s.place, prize });
  }
  return out;
}

/** A tournament's phase at `now`: future before its start, active until its end, then finished. */
export type TournamentStatus = 'future' | 'active' | 'finished';
export function statusAt(
  tournament: { startsAt: Date; endsAt: Date },
  now: Date,
): TournamentStatus {
  if (now.getTime() < tournament.startsAt.getTime()) return 'future';
  if (now.getTime() < tournament.endsAt.getTime()) return 'active';
  return 'finished';
}

/**
 * The points a leaderboard shows: an amount in the currency (wins, net), a count (rounds), or a
 * multiplier with two decimals (stored in 1/100ths).
 */
export function formatPoints(scoring: Scoring, score: bigint, decimals: number): string {
  if (scoring === 'rounds') return score.toString();
  const places = scoring === 'multiplier' ? 2 : decimals;
  const negative = score < 0n;
  const digits = (negative ? -score : score).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = places > 0 ? `.${digits.slice(digits.length - places)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
