import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@northstar/errors';
import { loyaltyRefusal } from '@northstar/errors/loyalty';
import type { LoyaltyLevel, LoyaltyProduct, LoyaltyProgram } from './api.ts';
import {
  levelProgress,
  levelStates,
  newRequestId,
  programState,
  purchaseFailure,
  runCharacterChange,
  runPurchase,
  type PurchaseSteps,
} from './loyalty-model.ts';

const level = (n: number, from: number): LoyaltyLevel => ({
  level: n,
  name: `L${n}`,
  points_from: from,
  cashback_percent: n,
  shop_discount_percent: n * 5,
  image_url: null,
});
// Given out of order on purpose: the ladder sorts by threshold.
const LEVELS = [level(2, 1000), level(1, 0), level(4, 20000), level(3, 5000)];

describe('levelProgress', () => {
  it('measures the way from the level reached to the next, rounded down', () => {
    expect(levelProgress(LEVELS, 0)).toMatchObject({
      current: { level: 1 },
      next: { level: 2 },
      toNext: 1000,
      percent: 0,
    });
    // 1,250 lifetime points: Silver, 250 of the 4,000 to Gold = 6.25 % → 6.
    expect(levelProgress(LEVELS, 1250)).toMatchObject({
      current: { level: 2 },
      next: { level: 3 },
      toNext: 3750,
      percent: 6,
    });
    // One point short is never shown as the next level reached.
    expect(levelProgress(LEVELS, 4999)).toMatchObject({ current: { level: 2 }, percent: 99 });
    expect(levelProgress(LEVELS, 5000)).toMatchObject({ current: { level: 3 }, percent: 0 });
  });

  it('is full at the top level, with nothing to go', () => {
    expect(levelProgress(LEVELS, 50000)).toMatchObject({
      current: { level: 4 },
      next: null,
      toNext: 0,
      percent: 100,
    });
  });

  it('keeps a level once reached: the bar starts at its threshold and never goes negative', () => {
    expect(levelProgress(LEVELS, 800, 2)).toMatchObject({
      current: { level: 2 },
      next: { level: 3 },
      toNext: 4200,
      percent: 0,
    });
  });

  it('answers null without levels', () => {
    expect(levelProgress([], 10)).toBeNull();
  });
});

describe('levelStates', () => {
  it('marks the levels below the current one reached and those above locked', () => {
    expect(levelStates(LEVELS, 2).map((l) => [l.level.level, l.state])).toEqual([
      [1, 'reached'],
      [2, 'current'],
      [3, 'locked'],
      [4, 'locked'],
    ]);
  });
  it('shows a visitor every level locked', () => {
    expect(levelStates(LEVELS, null).every((l) => l.state === 'locked')).toBe(true);
  });
});

const program = (over: Partial<LoyaltyProgram> = {}): LoyaltyProgram => ({
  id: 1,
  sysname: 'slot-week',
  title: 'Slot week',
  description: 'Play 50 rounds.',
  image_url: null,
  kind: 'rounds',
  category: 'slots',
  target: 50,
  period: 'week',
  reward: { type: 'points', amount: '250' },
  min_level: 1,
  starts_at: null,
  ends_at: null,
  progress: { value: 12, percent: 24, completed: false, reward_status: null },
  ...over,
});

describe('programState', () => {
  it('shows progress in whole percent, never above the target', () => {
    expect(programState(program(), 1)).toEqual({
      kind: 'open',
      value: 12,
      target: 50,
      percent: 24,
    });
    expect(
      programState(
        program({ progress: { value: 70, percent: 100, completed: false, reward_status: null } }),
        1,
      ),
    ).toEqual({ kind: 'open', value: 50, target: 50, percent: 100 });
  });
  it('a visitor sees no progress; a higher level locks it; completed says whether it paid', () => {
    expect(programState(program({ progress: null }), null)).toEqual({ kind: 'visitor' });
    expect(programState(program({ min_level: 3 }), 2)).toEqual({ kind: 'locked', minLevel: 3 });
    expect(
      programState(
        program({ progress: { value: 50, percent: 100, completed: true, reward_status: 'paid' } }),
        1,
      ),
    ).toEqual({ kind: 'completed', paid: true });
    expect(
      programState(
        program({
          progress: { value: 1, percent: 100, completed: true, reward_status: 'not_available' },
        }),
        1,
      ),
    ).toEqual({ kind: 'completed', paid: false });
  });
});

const product = (over: Partial<LoyaltyProduct> = {}): LoyaltyProduct => ({
  id: 7,
  sysname: 'spins',
  title: '10 free spins',
  description: '',
  image_url: null,
  type: 'freespins',
  list_price: 500,
  price: 500,
  amount: '10',
  currency: null,
  min_level: 1,
  refusal: null,
  can_buy: true,
  ...over,
});

/** Fake popups and calls that record what the purchase opened, in order. */
function fakeSteps(over: Partial<PurchaseSteps> = {}) {
  const log: string[] = [];
  const steps: PurchaseSteps = {
    signIn: async () => void log.push('sign-in'),
    confirm: async () => (log.push('confirm'), true),
    insufficient: async () => void log.push('insufficient'),
    buy: async (_p, id) => (log.push(`buy ${id}`), { points: 250 }),
    bought: async (_p, left) => void log.push(`bought ${left}`),
    notice: (_p, failure) => void log.push(`notice ${failure}`),
    refresh: async () => void log.push('refresh'),
    ...over,
  };
  return { log, steps };
}

describe('runPurchase (the shop popups)', () => {
  it('confirm, buy with the request id, refresh, then the bought popup with the points left', async () => {
    const { log, steps } = fakeSteps();
    expect(await runPurchase(product(), true, steps, 'r1')).toBe('bought');
    expect(log).toEqual(['confirm', 'buy r1', 'refresh', 'bought 250']);
  });

  it('a "no" in the confirm buys nothing', async () => {
    const { log, steps } = fakeSteps({ confirm: async () => (log.push('confirm'), false) });
    expect(await runPurchase(product(), true, steps, 'r1')).toBe('cancelled');
    expect(log).toEqual(['confirm']);
  });

  it('too few points open the insufficient-points popup, no confirm', async () => {
    const { log, steps } = fakeSteps();
    const poor = product({ refusal: 'insufficient_points', can_buy: false });
    expect(await runPurchase(poor, true, steps, 'r1')).toBe('insufficient');
    expect(log).toEqual(['insufficient']);
  });

  it('a visitor is asked to sign in', async () => {
    const { log, steps } = fakeSteps();
    expect(await runPurchase(product({ can_buy: false }), false, steps, 'r1')).toBe('sign-in');
    expect(log).toEqual(['sign-in']);
  });

  it('a refusal from the server opens the popup it means, or a notice', async () => {
    const poorNow = fakeSteps({
      buy: async () => {
        throw loyaltyRefusal('insufficient_points', 'no');
      },
    });
    expect(await runPurchase(product(), true, poorNow.steps, 'r1')).toBe('insufficient');
    expect(poorNow.log).toEqual(['confirm', 'refresh', 'insufficient']);

    const gone = fakeSteps({
      buy: async () => {
        throw loyaltyRefusal('product_unavailable', 'no');
      },
    });
    expect(await runPurchase(product(), true, gone.steps, 'r1')).toBe('unavailable');
    expect(gone.log).toEqual(['confirm', 'refresh', 'notice unavailable']);
  });

  it('a product for a higher level says so without a popup', async () => {
    const { log, steps } = fakeSteps();
    const high = product({ refusal: 'level_too_low', can_buy: false });
    expect(await runPurchase(high, true, steps, 'r1')).toBe('level-too-low');
    expect(log).toEqual(['notice level-too-low']);
  });
});

describe('purchaseFailure', () => {
  it('maps each refusal and error type to its message', () => {
    expect(purchaseFailure(loyaltyRefusal('level_too_low', 'x'))).toBe('level-too-low');
    expect(purchaseFailure(new ApiError('TooManyRequests', 'x'))).toBe('too-many');
    expect(purchaseFailure(new ApiError('Authorization', 'x'))).toBe('signed-out');
    expect(
      purchaseFailure(
        new ApiError('InvalidParameter', 'x', {
          invalidParameters: { product_id: ['wrong_field'] },
        }),
      ),
    ).toBe('unavailable');
    expect(purchaseFailure(new TypeError('offline'))).toBe('other');
  });
});

describe('runCharacterChange (change, then confirm popups)', () => {
  const a = { id: 1, name: 'A' };
  const b = { id: 2, name: 'B' };
  it('saves the character picked once confirmed', async () => {
    const save = vi.fn(async () => {});
    const picked = await runCharacterChange(a, {
      choose: async () => b,
      confirm: async () => true,
      save,
    });
    expect(picked).toBe(b);
    expect(save).toHaveBeenCalledWith(b);
  });
  it('saves nothing when closed, declined, or the same character is picked', async () => {
    const save = vi.fn(async () => {});
    const confirm = vi.fn(async () => true);
    expect(await runCharacterChange(a, { choose: async () => null, confirm, save })).toBeNull();
    expect(await runCharacterChange(a, { choose: async () => a, confirm, save })).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
    expect(
      await runCharacterChange(a, { choose: async () => b, confirm: async () => false, save }),
    ).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });
});

it('request ids fit the contract', () => {
  expect(newRequestId()).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  expect(newRequestId()).not.toBe(newRequestId());
});
