import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BetShapeError,
  betLines,
  cashOutValue,
  combinations,
  NAMED_SYSTEMS,
  potentialReturn,
  settle,
  stakeAfterPartialCashOut,
  totalStake,
  type Bet,
  type BetKind,
  type Leg,
  type LegResult,
  type NamedSystem,
} from './bet-math.ts';

const leg = (odds: number, result: LegResult = 'pending'): Leg => ({ odds, result });

describe('the lines of a bet', () => {
  it('counts the named systems as the trade does', () => {
    const counts = Object.fromEntries(
      Object.entries(NAMED_SYSTEMS).map(([name, system]) => [
        name,
        betLines({ type: 'named', name: name as NamedSystem }, system.legs).length,
      ]),
    );
    expect(counts).toEqual({
      trixie: 4,
      patent: 7,
      yankee: 11,
      lucky15: 15,
      canadian: 26,
      lucky31: 31,
      heinz: 57,
      lucky63: 63,
      superHeinz: 120,
      goliath: 247,
    });
  });

  it('expands k/n systems into every combination, each once', () => {
    expect(betLines({ type: 'system', size: 2 }, 3)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(betLines({ type: 'system', size: 3 }, 4)).toHaveLength(4);
    expect(combinations(20, 10)).toHaveLength(184_756);
  });

  it('refuses shapes that are not bets', () => {
    const bad: [BetKind, number][] = [
      [{ type: 'single' }, 2],
      [{ type: 'accumulator' }, 1],
      [{ type: 'accumulator' }, 21],
      [{ type: 'system', size: 3 }, 3],
      [{ type: 'system', size: 1 }, 3],
      [{ type: 'named', name: 'yankee' }, 5],
    ];
    for (const [kind, legs] of bad) expect(() => betLines(kind, legs)).toThrow(BetShapeError);
  });
});

describe('returns and settlement', () => {
  it('pays an accumulator the product of its odds, down to the cent', () => {
    const bet: Bet = {
      kind: { type: 'accumulator' },
      legs: [leg(1850), leg(2100), leg(1333)],
      stake: 1000,
    };
    // 10.00 × 1.85 × 2.10 × 1.333 = 51.787… → 51.78
    expect(potentialReturn(bet)).toBe(5178);
    expect(settle({ ...bet, legs: bet.legs.map((l) => ({ ...l, result: 'won' })) })).toEqual({
      settled: true,
      returned: 5178,
      openLines: 0,
    });
  });

  it('settles a line as soon as one of its legs is lost', () => {
    const bet: Bet = {
      kind: { type: 'named', name: 'trixie' },
      legs: [leg(2000, 'lost'), leg(3000), leg(1500, 'won')],
      stake: 100,
    };
    // Lines 01, 02, 12, 012: three hold the lost leg; 12 waits for leg 1.
    expect(settle(bet)).toEqual({ settled: false, returned: 0, openLines: 1 });
    const won = { ...bet, legs: [bet.legs[0]!, leg(3000, 'won'), bet.legs[2]!] };
    expect(settle(won)).toEqual({ settled: true, returned: 450, openLines: 0 });
  });

  it('voids a leg to 1.00, and a void bet returns its stake', () => {
    const bet: Bet = {
      kind: { type: 'accumulator' },
      legs: [leg(2000, 'void'), leg(1500, 'won')],
      stake: 1000,
    };
    expect(settle(bet).returned).toBe(1500);
    const allVoid: Bet = {
      kind: { type: 'named', name: 'patent' },
      legs: [1, 2, 3].map(() => leg(4000, 'void')),
      stake: 333,
    };
    expect(settle(allVoid).returned).toBe(totalStake(allVoid));
  });

  it('pays quarter lines half won and half lost', () => {
    const single = (result: LegResult): Bet => ({
      kind: { type: 'single' },
      legs: [leg(1900, result)],
      stake: 1000,
    });
    // Half at 1.90, half back: 5.00 × 1.90 + 5.00.
    expect(settle(single('half-won')).returned).toBe(1450);
    expect(settle(single('half-lost')).returned).toBe(500);
  });

  it('keeps a free bet’s stake: only the winnings are paid', () => {
    const bet: Bet = {
      kind: { type: 'single' },
      legs: [leg(2500, 'won')],
      stake: 1000,
      free: true,
    };
    expect(potentialReturn(bet)).toBe(1500);
    expect(settle(bet).returned).toBe(1500);
    expect(settle({ ...bet, legs: [leg(2500, 'void')] }).returned).toBe(0);
    expect(cashOutValue({ ...bet, legs: [leg(2500)] }, new Map([[0, 2500]]), 500)).toBeNull();
  });
});

describe('cash-out', () => {
  it('values open lines at the current odds less the margin', () => {
    const bet: Bet = {
      kind: { type: 'accumulator' },
      legs: [leg(2000, 'won'), leg(3000)],
      stake: 1000,
    };
    // The second leg's price has shortened from 3.00 to 1.50: 10 × 2 × 3 / 1.5 = 40, less 5 %.
    expect(cashOutValue(bet, new Map([[1, 1500]]), 500)).toBe(3800);
    // Suspended (no price): no cash-out.
    expect(cashOutValue(bet, new Map(), 500)).toBeNull();
    // A lost leg: nothing to cash out.
    expect(
      cashOutValue({ ...bet, legs: [leg(2000, 'lost'), leg(3000)] }, new Map([[1, 1500]]), 500),
    ).toBe(0);
  });

  it('leaves the stake in proportion after a partial cash-out, rounded down', () => {
    const bet: Bet = { kind: { type: 'single' }, legs: [leg(2000)], stake: 1000 };
    expect(stakeAfterPartialCashOut(bet, 1800, 600)).toBe(666);
    expect(stakeAfterPartialCashOut(bet, 1800, 1800)).toBeNull();
    expect(stakeAfterPartialCashOut(bet, 1800, 0)).toBeNull();
  });
});

/**
 * The reference model: the lines as bitmasks over the legs (not the combinations walk), each
 * line's amount as a reduced fraction built from the odds' decimal value, floored once.
 */
function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

function referenceFactor(odds: number, result: LegResult): [bigint, bigint] | null {
  const o: [bigint, bigint] = [BigInt(odds), 1000n];
  if (result === 'pending') return null;
  if (result === 'won') return o;
  if (result === 'lost') return [0n, 1n];
  if (result === 'void') return [1n, 1n];
  if (result === 'half-won') return [o[0] + o[1], 2n * o[1]];
  return [1n, 2n];
}

function referenceLines(kind: BetKind, n: number): number[][] {
  const sizes =
    kind.type === 'single'
      ? [1]
      : kind.type === 'accumulator'
        ? [n]
        : kind.type === 'system'
          ? [kind.size]
          : [...NAMED_SYSTEMS[kind.name].sizes];
  const lines: number[][] = [];
  for (let mask = 1; mask < 1 << n; mask += 1) {
    const members = [...Array(n).keys()].filter((i) => (mask >> i) & 1);
    if (sizes.includes(members.length)) lines.push(members);
  }
  return lines;
}

function referenceSettle(bet: Bet): { settled: boolean; returned: number } {
  let returned = 0n;
  let settled = true;
  for (const line of referenceLines(bet.kind, bet.legs.length)) {
    let num = BigInt(bet.stake);
    let den = 1n;
    let open = false;
    let lost = false;
    for (const index of line) {
      const factor = referenceFactor(bet.legs[index]!.odds, bet.legs[index]!.result);
      if (factor === null) {
        open = true;
        continue;
      }
      if (factor[0] === 0n) lost = true;
      num *= factor[0];
      den *= factor[1];
      const divisor = gcd(num, den) || 1n;
      num /= divisor;
      den /= divisor;
    }
    if (lost) continue;
    if (open) {
      settled = false;
      continue;
    }
    const amount = num / den;
    returned += bet.free ? (amount > BigInt(bet.stake) ? amount - BigInt(bet.stake) : 0n) : amount;
  }
  return { settled, returned: Number(returned) };
}

const RESULTS: LegResult[] = ['pending', 'won', 'lost', 'void', 'half-won', 'half-lost'];

const arbitraryBet: fc.Arbitrary<Bet> = fc
  .oneof(
    fc.constant<BetKind>({ type: 'single' }).map((kind) => ({ kind, legs: 1 })),
    fc
      .integer({ min: 2, max: 8 })
      .map((legs) => ({ kind: { type: 'accumulator' } as BetKind, legs })),
    fc
      .integer({ min: 3, max: 7 })
      .chain((legs) =>
        fc
          .integer({ min: 2, max: legs - 1 })
          .map((size) => ({ kind: { type: 'system', size } as BetKind, legs })),
      ),
    fc.constantFrom(...(Object.keys(NAMED_SYSTEMS) as NamedSystem[])).map((name) => ({
      kind: { type: 'named', name } as BetKind,
      legs: NAMED_SYSTEMS[name].legs,
    })),
  )
  .chain(({ kind, legs }) =>
    fc.record({
      kind: fc.constant(kind),
      legs: fc.array(
        fc.record({
          odds: fc.integer({ min: 1001, max: 50_000 }),
          result: fc.constantFrom(...RESULTS),
        }),
        { minLength: legs, maxLength: legs },
      ),
      stake: fc.integer({ min: 1, max: 1_000_000 }),
      free: fc.boolean(),
    }),
  );

describe('against the reference model (fast-check)', () => {
  it('settles every bet as the model does', () => {
    fc.assert(
      fc.property(arbitraryBet, (bet) => {
        const mine = settle(bet);
        expect({ settled: mine.settled, returned: mine.returned }).toEqual(referenceSettle(bet));
      }),
      { numRuns: 2000 },
    );
  });

  it('never pays more than the potential return, and more when a lost leg wins instead', () => {
    fc.assert(
      fc.property(arbitraryBet, fc.nat(), (bet, pick) => {
        expect(settle(bet).returned).toBeLessThanOrEqual(potentialReturn(bet));
        const index = pick % bet.legs.length;
        if (bet.legs[index]!.result !== 'lost') return;
        const better = {
          ...bet,
          legs: bet.legs.map((l, i) => (i === index ? { ...l, result: 'won' as const } : l)),
        };
        expect(settle(better).returned).toBeGreaterThanOrEqual(settle(bet).returned);
      }),
      { numRuns: 1000 },
    );
  });

  it('values a cash-out at the taken odds, less the margin, no more than the potential return', () => {
    fc.assert(
      fc.property(arbitraryBet, fc.integer({ min: 0, max: 2000 }), (bet, margin) => {
        const paidBet = { ...bet, free: false };
        // The market unchanged: each open line is worth its stake times its settled legs' factors.
        const current = new Map(paidBet.legs.map((l, i) => [i, l.odds]));
        const value = cashOutValue(paidBet, current, margin);
        expect(value).not.toBeNull();
        expect(value!).toBeLessThanOrEqual(potentialReturn(paidBet));
        const withoutMargin = cashOutValue(paidBet, current, 0)!;
        expect(value!).toBeLessThanOrEqual(withoutMargin);
        // Once every leg has a result, the cash-out is the settlement.
        const done = {
          ...paidBet,
          legs: paidBet.legs.map((l) =>
            l.result === 'pending' ? { ...l, result: 'won' as const } : l,
          ),
        };
        expect(cashOutValue(done, current, margin)).toBe(settle(done).returned);
      }),
      { numRuns: 1000 },
    );
  });
});
