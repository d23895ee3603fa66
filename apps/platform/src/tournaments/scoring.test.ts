import { describe, expect, it } from 'vitest';
import {
  applyRound,
  awards,
  counts,
  EMPTY_TALLY,
  formatPoints,
  rank,
  statusAt,
  type RoundMove,
  type Scoring,
  type Tally,
} from './scoring.ts';

/** Issue #27: the four scorings, what counts, the ranking and its tie rule. */

const bet = (stake: bigint): RoundMove => ({
  kind: 'bet',
  amountMinor: stake,
  stakeMinor: stake,
  freespin: false,
});
const win = (amount: bigint, stake: bigint): RoundMove => ({
  kind: 'win',
  amountMinor: amount,
  stakeMinor: stake,
  freespin: false,
});
const rollback = (stake: bigint): RoundMove => ({
  kind: 'rollback',
  amountMinor: stake,
  stakeMinor: stake,
  freespin: false,
});

function play(scoring: Scoring, moves: RoundMove[]): Tally {
  return moves.reduce((tally, move) => applyRound(scoring, tally, move), EMPTY_TALLY);
}

// Two rounds: 1.00 staked wins 3.00; 2.00 staked wins 1.00; then 5.00 staked and rolled back.
const session = [bet(100n), win(300n, 100n), bet(200n), win(100n, 200n), bet(500n), rollback(500n)];

describe('scoring', () => {
  it('sum of wins adds every win', () => {
    expect(play('wins', session).score).toBe(400n);
  });
  it('biggest multiplier keeps the best win ÷ stake, in 1/100ths', () => {
    expect(play('multiplier', session).score).toBe(300n);
    expect(play('multiplier', [bet(300n), win(100n, 300n)]).score).toBe(33n);
  });
  it('number of rounds counts bets and takes a rolled-back bet back', () => {
    expect(play('rounds', session).score).toBe(2n);
  });
  it('net is wins minus stakes, a rolled-back stake given back, and may be negative', () => {
    expect(play('net', session).score).toBe(100n);
    expect(play('net', [bet(500n), win(0n, 500n)]).score).toBe(-500n);
  });
  it('a round counts from the minimum stake, never a free spin or a stake of 0', () => {
    expect(counts(bet(50n), 50n)).toBe(true);
    expect(counts(bet(49n), 50n)).toBe(false);
    expect(counts({ ...bet(100n), freespin: true }, 0n)).toBe(false);
    expect(counts(bet(0n), 0n)).toBe(false);
  });
  it('points are written as an amount, a count or a multiplier', () => {
    expect(formatPoints('wins', 12345n, 2)).toBe('123.45');
    expect(formatPoints('net', -5n, 2)).toBe('-0.05');
    expect(formatPoints('rounds', 7n, 2)).toBe('7');
    expect(formatPoints('multiplier', 1250n, 0)).toBe('12.50');
  });
  it('a tournament is future before its start, active until its end, finished from it', () => {
    const t = { startsAt: new Date(1000), endsAt: new Date(2000) };
    expect(statusAt(t, new Date(999))).toBe('future');
    expect(statusAt(t, new Date(1000))).toBe('active');
    expect(statusAt(t, new Date(2000))).toBe('finished');
  });
});

describe('ranking and ties', () => {
  const at = (ms: number) => new Date(ms);
  it('the higher score first; of equal scores the one reached first; then who joined first', () => {
    const ranked = rank([
      { playerId: 1, entryId: 1, score: 100n, reachedAt: at(30) },
      { playerId: 2, entryId: 2, score: 200n, reachedAt: at(50) },
      { playerId: 3, entryId: 3, score: 100n, reachedAt: at(10) },
      { playerId: 4, entryId: 4, score: 100n, reachedAt: at(10) },
      { playerId: 5, entryId: 5, score: 0n, reachedAt: null },
    ]);
    expect(ranked.map((r) => [r.playerId, r.place])).toEqual([
      [2, 1],
      [3, 2],
      [4, 3],
      [1, 4],
      [5, null],
    ]);
  });
  it('a player who never played is never placed, even above a negative net', () => {
    const ranked = rank([
      { playerId: 1, entryId: 1, score: -500n, reachedAt: at(1) },
      { playerId: 2, entryId: 2, score: 0n, reachedAt: null },
    ]);
    expect(ranked.map((r) => r.place)).toEqual([1, null]);
  });
  it('each place with a prize goes to the player ranked there; a prize is never split', () => {
    const won = awards(
      [
        { playerId: 1, entryId: 1, score: 100n, reachedAt: at(20) },
        { playerId: 2, entryId: 2, score: 100n, reachedAt: at(10) },
      ],
      [
        { place: 1, type: 'cash', amount_minor: '1000' },
        { place: 2, type: 'cash', amount_minor: '500' },
        { place: 3, type: 'cash', amount_minor: '100' },
      ],
    );
    expect(won.map((a) => [a.playerId, a.place])).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });
});
