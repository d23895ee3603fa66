import { describe, expect, it } from 'vitest';
import { EMPTY_LIVE, mergeLive } from '../shared/book-model.ts';
import {
  acceptAllowedMoves,
  acceptOdds,
  acceptsChange,
  EMPTY_SLIP,
  majorText,
  parseStoredSlip,
  placementsOf,
  removeSelection,
  selectionsParam,
  selectionState,
  slipTotals,
  stakeMinor,
  systemOptions,
  toggleSelection,
  type Selection,
  type Slip,
} from './slip-model.ts';

const pick = (
  outcomeId: number,
  odds: string,
  eventId = outcomeId,
  marketId = outcomeId * 10,
): Selection => ({
  outcomeId,
  marketId,
  eventId,
  odds,
  sport: 'football',
  home: `Home ${eventId}`,
  away: `Away ${eventId}`,
  eventKind: 'match',
  market: '1x2',
  line: null,
  outcome: 'home',
});

const slipOf = (...selections: Selection[]): Slip =>
  selections.reduce((slip, selection) => toggleSelection(slip, selection), EMPTY_SLIP);

describe('the slip', () => {
  it('adds a price, takes it out when picked again, and replaces another outcome of its market', () => {
    const one = slipOf(pick(1, '1.85'));
    expect(one.selections.map((s) => s.outcomeId)).toEqual([1]);
    expect(one.mode).toBe('singles');
    expect(toggleSelection(one, pick(1, '1.85')).selections).toEqual([]);
    const sameMarket = toggleSelection(one, { ...pick(2, '3.40'), marketId: 10, eventId: 1 });
    expect(sameMarket.selections.map((s) => s.outcomeId)).toEqual([2]);
  });

  it('becomes an accumulator at the second selection and a single again at one', () => {
    const two = slipOf(pick(1, '1.85'), pick(2, '2.10'));
    expect(two.mode).toBe('accumulator');
    expect(removeSelection(two, 2).mode).toBe('singles');
    const singles = { ...two, mode: 'singles' as const };
    expect(toggleSelection(singles, pick(3, '1.50')).mode).toBe('singles');
  });

  it('offers every system size below the whole and the named full covers of its leg count', () => {
    expect(systemOptions(2)).toEqual([]);
    expect(systemOptions(3)).toEqual([
      { kind: 'system:2', lines: 3 },
      { kind: 'trixie', lines: 4 },
      { kind: 'patent', lines: 7 },
    ]);
    expect(systemOptions(4).map((o) => `${o.kind}=${o.lines}`)).toEqual([
      'system:2=6',
      'system:3=4',
      'yankee=11',
      'lucky15=15',
    ]);
  });

  it('makes one placement per single, one for an accumulator or a system', () => {
    const slip = slipOf(pick(1, '1.85'), pick(2, '2.10'), pick(3, '1.50'));
    expect(placementsOf({ ...slip, mode: 'singles' }).map((p) => p.kind)).toEqual([
      'single',
      'single',
      'single',
    ]);
    expect(placementsOf(slip).map((p) => p.kind)).toEqual(['accumulator']);
    expect(placementsOf({ ...slip, mode: 'system', system: 'trixie' })[0]!.kind).toBe('trixie');
    expect(selectionsParam(slip.selections)).toBe('1@1.85,2@2.10,3@1.50');
  });

  it('reads stakes in minor units and refuses what is not one', () => {
    expect(stakeMinor('10', 2)).toEqual({ minor: 1000 });
    expect(stakeMinor('2,5', 2)).toEqual({ minor: 250 });
    expect(stakeMinor('0.01', 2)).toEqual({ minor: 1 });
    expect(stakeMinor('', 2)).toEqual({ error: 'required' });
    expect(stakeMinor('ten', 2)).toEqual({ error: 'wrong_field' });
    expect(stakeMinor('1.234', 2)).toEqual({ error: 'too_precise' });
    expect(stakeMinor('0.00', 2)).toEqual({ error: 'positive' });
    expect(stakeMinor('5', 0)).toEqual({ minor: 5 });
    expect(majorText(1234, 2)).toBe('12.34');
    expect(majorText(5, 2)).toBe('0.05');
    expect(majorText(7, 0)).toBe('7');
  });

  it('totals stake and potential return with the book’s arithmetic (rounded down per line)', () => {
    const acca = slipOf(pick(1, '1.85'), pick(2, '2.10'));
    // 10.00 × 1.85 × 2.10 = 38.85
    expect(slipTotals(acca, 1000)).toEqual({
      bets: 1,
      lines: 1,
      totalStake: 1000,
      potentialReturn: 3885,
    });
    const singles = slipTotals({ ...acca, mode: 'singles' }, 1000);
    // 18.50 + 21.00 on two bets of 10.00
    expect(singles).toEqual({ bets: 2, lines: 2, totalStake: 2000, potentialReturn: 3950 });
    const four = slipOf(pick(1, '2.00'), pick(2, '2.00'), pick(3, '2.00'), pick(4, '2.00'));
    // A Yankee: 6 doubles (4.00), 4 trebles (8.00), 1 four-fold (16.00) at 1.00 a line.
    expect(slipTotals({ ...four, mode: 'system', system: 'yankee' }, 100)).toEqual({
      bets: 1,
      lines: 11,
      totalStake: 1100,
      potentialReturn: 6 * 400 + 4 * 800 + 1600,
    });
    expect(slipTotals(acca, 0)).toBeNull();
  });
});

describe('odds changes (the player’s setting)', () => {
  it('takes any move, only a rise, or none', () => {
    expect(acceptsChange('any', '1.85', '1.50')).toBe(true);
    expect(acceptsChange('higher', '1.85', '1.90')).toBe(true);
    expect(acceptsChange('higher', '1.85', '1.80')).toBe(false);
    expect(acceptsChange('none', '1.85', '1.90')).toBe(false);
    expect(acceptsChange('none', '1.85', '1.85')).toBe(true);
  });

  it('moves the slip’s odds where the setting takes the stream’s price, and waits otherwise', () => {
    const slip = slipOf(pick(1, '1.85'), pick(2, '2.10'));
    const live = mergeLive(EMPTY_LIVE, [
      {
        event_id: 1,
        competition_id: 1,
        sport: 'football',
        outcomes: [{ id: 1, market_id: 10, key: 'home', odds: 1900, status: 'open' }],
      },
      {
        event_id: 2,
        competition_id: 1,
        sport: 'football',
        outcomes: [{ id: 2, market_id: 20, key: 'home', odds: 2000, status: 'open' }],
      },
    ]);
    const higher = acceptAllowedMoves(slip, live, 'higher');
    expect(higher.selections.map((s) => s.odds)).toEqual(['1.90', '2.10']);
    expect(selectionState(higher.selections[1]!, live, new Set())).toEqual({
      current: '2.00',
      changed: true,
      suspended: false,
    });
    expect(acceptAllowedMoves(slip, live, 'none')).toBe(slip);
    const accepted = acceptOdds(slip, new Map([[2, '2.00']]));
    expect(accepted.selections.map((s) => s.odds)).toEqual(['1.85', '2.00']);
  });

  it('greys a selection whose outcome, market or event stopped taking bets', () => {
    const selection = pick(1, '1.85');
    const suspended = mergeLive(EMPTY_LIVE, [
      {
        event_id: 1,
        competition_id: 1,
        sport: 'football',
        markets: [{ id: 10, key: '1x2', status: 'suspended' }],
      },
    ]);
    expect(selectionState(selection, suspended, new Set()).suspended).toBe(true);
    expect(selectionState(selection, EMPTY_LIVE, new Set()).suspended).toBe(false);
    expect(selectionState(selection, EMPTY_LIVE, new Set([1])).suspended).toBe(true);
  });
});

describe('the kept slip', () => {
  it('reads back what it wrote and drops what is not a selection', () => {
    const slip = slipOf(pick(1, '1.85'), pick(2, '2.10'));
    expect(parseStoredSlip(JSON.stringify(slip))).toEqual(slip);
    const tampered = JSON.stringify({
      ...slip,
      selections: [...slip.selections, { outcomeId: 'x' }],
    });
    expect(parseStoredSlip(tampered)?.selections).toHaveLength(2);
    expect(parseStoredSlip('{oops')).toBeNull();
    expect(parseStoredSlip(null)).toBeNull();
  });
});
