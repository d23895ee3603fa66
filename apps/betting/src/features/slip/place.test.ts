import { describe, expect, it } from 'vitest';
import { ApiError } from '@northstar/errors';
import type { SbBet } from '../shared/api.ts';
import { failureOf, placeSlip, type PlaceParams } from './place.ts';
import { EMPTY_SLIP, toggleSelection, type Selection } from './slip-model.ts';

const pick = (outcomeId: number, odds: string): Selection => ({
  outcomeId,
  marketId: outcomeId * 10,
  eventId: outcomeId,
  odds,
  sport: 'tennis',
  home: 'A',
  away: 'B',
  eventKind: 'match',
  market: 'winner',
  line: null,
  outcome: 'home',
});

const refusal = (reason: string, data: Record<string, unknown> = {}) =>
  new ApiError('InvalidRequest', reason, { errorData: { reason, ...data } });

describe('placing the slip', () => {
  it('sends each single with its own request id and the odds shown, and stops at a refusal', async () => {
    const slip = {
      ...[pick(1, '1.85'), pick(2, '2.10'), pick(3, '1.50')].reduce(toggleSelection, EMPTY_SLIP),
      mode: 'singles' as const,
    };
    const sent: PlaceParams[] = [];
    const result = await placeSlip(
      slip,
      {
        stake: '5.00',
        oddsChange: 'higher',
        freeBetId: null,
        requestIds: ['r-one-1', 'r-two-2', 'r-three-3'],
      },
      async (params) => {
        sent.push(params);
        if (params.selections.startsWith('2@')) {
          throw refusal('odds_changed', {
            changes: [{ outcome_id: 2, shown: '2.10', now: '1.95' }],
          });
        }
        return { id: String(sent.length) } as SbBet;
      },
    );
    expect(sent).toEqual([
      {
        request_id: 'r-one-1',
        kind: 'single',
        selections: '1@1.85',
        stake: '5.00',
        odds_change: 'higher',
      },
      {
        request_id: 'r-two-2',
        kind: 'single',
        selections: '2@2.10',
        stake: '5.00',
        odds_change: 'higher',
      },
    ]);
    expect(result.placed.map((bet) => bet.id)).toEqual(['1']);
    expect(result.placedOutcomeIds).toEqual([1]);
    expect(result.failure).toEqual({ kind: 'odds_changed', changes: new Map([[2, '1.95']]) });
  });

  it('sends an accumulator once, with the free bet when one stakes it', async () => {
    const slip = [pick(1, '1.85'), pick(2, '2.10')].reduce(toggleSelection, EMPTY_SLIP);
    const sent: PlaceParams[] = [];
    const result = await placeSlip(
      slip,
      { stake: '5.00', oddsChange: null, freeBetId: 7, requestIds: ['r-acca-1'] },
      async (params) => {
        sent.push(params);
        return { id: '9' } as SbBet;
      },
    );
    expect(sent).toEqual([
      {
        request_id: 'r-acca-1',
        kind: 'accumulator',
        selections: '1@1.85,2@2.10',
        stake: '5.00',
        free_bet_id: 7,
      },
    ]);
    expect(result.failure).toBeNull();
  });
});

describe('a refusal in the slip’s terms', () => {
  it('reads every reason the book gives', () => {
    expect(failureOf(refusal('selection_suspended', { outcome_ids: [4, 'x'] }))).toEqual({
      kind: 'suspended',
      outcomeIds: [4],
    });
    expect(failureOf(refusal('same_event', { outcome_ids: [1, 2] }))).toEqual({
      kind: 'same_event',
      outcomeIds: [1, 2],
    });
    expect(failureOf(refusal('stake_too_low', { min_stake: '0.10' }))).toEqual({
      kind: 'stake_too_low',
      min: '0.10',
    });
    expect(failureOf(refusal('stake_too_high', { outcome_ids: [3] }))).toEqual({
      kind: 'stake_too_high',
      max: null,
    });
    expect(failureOf(refusal('payout_too_high', { max_payout: '250000.00' }))).toEqual({
      kind: 'payout_too_high',
      max: '250000.00',
    });
    expect(failureOf(refusal('self_excluded')).kind).toBe('self_excluded');
    expect(failureOf(refusal('idempotency_key_reused')).kind).toBe('retry');
    expect(
      failureOf(
        new ApiError('BillingTransactionDeclined', 'no', {
          errorData: { reason: 'insufficient_funds' },
        }),
      ).kind,
    ).toBe('insufficient_funds');
    expect(
      failureOf(
        new ApiError('InvalidParameter', 'no', { invalidParameters: { stake: ['wrong_field'] } }),
      ).kind,
    ).toBe('stake_invalid');
    expect(failureOf(new TypeError('Failed to fetch')).kind).toBe('offline');
  });
});
