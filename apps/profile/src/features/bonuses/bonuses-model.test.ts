import { describe, expect, it } from 'vitest';
import {
  deadlineOf,
  EXPIRY_WARNING_MS,
  expiryState,
  firstFilter,
  filterOf,
  freeBetFilter,
  promoError,
  promoInput,
  tabOrder,
  timeLeft,
  wageringProgress,
} from './bonuses-model.ts';

const eur = (amount: string) => ({ amount, currency: 'EUR' });

describe('bonuses page model (§2 /profile/bonuses, issue #26)', () => {
  it('orders the tabs by bonusesSwitchOrder, keeping a tab the operator left out', () => {
    expect(tabOrder(['betting', 'casino'])).toEqual(['betting', 'casino']);
    expect(tabOrder(['betting'])).toEqual(['betting', 'casino']);
    expect(tabOrder(['sports', 'casino', 'casino'])).toEqual(['casino', 'betting']);
    expect(tabOrder(undefined)).toEqual(['casino', 'betting']);
    expect(tabOrder('betting')).toEqual(['casino', 'betting']);
  });

  it('files ended bonuses under history and opens the first filter that has any', () => {
    expect(filterOf('wagered')).toBe('history');
    expect(filterOf('removed')).toBe('history');
    expect(filterOf('available')).toBe('available');
    expect(firstFilter(['expired', 'available'])).toBe('available');
    expect(firstFilter(['available', 'active'])).toBe('active');
    expect(firstFilter(['forfeited'])).toBe('history');
    expect(firstFilter([])).toBe('active');
  });

  it('files a free bet in a bet not settled yet as active, a settled one under history', () => {
    expect(freeBetFilter({ status: 'available', bet: null })).toBe('available');
    expect(freeBetFilter({ status: 'active', bet: { status: 'void' } })).toBe('active');
    expect(freeBetFilter({ status: 'used', bet: { status: 'open' } })).toBe('active');
    expect(freeBetFilter({ status: 'used', bet: { status: 'won' } })).toBe('history');
    expect(freeBetFilter({ status: 'used', bet: { status: 'lost' } })).toBe('history');
    expect(freeBetFilter({ status: 'expired', bet: null })).toBe('history');
    expect(freeBetFilter({ status: 'removed', bet: null })).toBe('history');
  });

  it('reads wagering progress: the server percent for the bar, the amount left exactly', () => {
    expect(
      wageringProgress({ required: eur('3500.00'), done: eur('0.00'), percent: '0.00' }),
    ).toEqual({ value: 0, percent: '0.00', left: '3500.00', complete: false });
    // 0.1 + 0.2 in floats is not 0.3: the amount left is computed on the strings.
    expect(
      wageringProgress({ required: eur('0.30'), done: eur('0.10'), percent: '33.33' }).left,
    ).toBe('0.20');
    expect(
      wageringProgress({ required: eur('3500.00'), done: eur('12.35'), percent: '0.35' }),
    ).toEqual({ value: 0.35, percent: '0.35', left: '3487.65', complete: false });
    const done = wageringProgress({ required: eur('100.00'), done: eur('100.00'), percent: '100' });
    expect(done).toMatchObject({ value: 100, left: '0.00', complete: true });
    // A figure out of range never makes the bar overflow (aria-valuenow stays within 0–100).
    expect(
      wageringProgress({ required: eur('10'), done: eur('12'), percent: '120.00' }),
    ).toMatchObject({ value: 100, left: '0', complete: true });
    expect(
      wageringProgress({
        required: { amount: '1000', currency: 'JPY' },
        done: { amount: '1', currency: 'JPY' },
        percent: 'x',
      }),
    ).toMatchObject({ value: 0, left: '999' });
  });

  it('takes the deadline that matters now: activate for available, wager for active', () => {
    const bonus = {
      activate_until: '2026-12-01T00:00:00.000Z',
      wager_until: '2026-12-30T00:00:00.000Z',
    };
    expect(deadlineOf({ ...bonus, status: 'available' })).toBe(bonus.activate_until);
    expect(deadlineOf({ ...bonus, status: 'active' })).toBe(bonus.wager_until);
    expect(deadlineOf({ ...bonus, status: 'wagered' })).toBeNull();
  });

  it('warns from two days before the expiry, and not before', () => {
    const deadline = '2026-12-10T12:00:00.000Z';
    const at = Date.parse(deadline);
    expect(expiryState(deadline, at - EXPIRY_WARNING_MS - 1)).toBe('later');
    expect(expiryState(deadline, at - EXPIRY_WARNING_MS)).toBe('near');
    expect(expiryState(deadline, at - 1)).toBe('near');
    expect(expiryState(deadline, at)).toBe('passed');
    expect(expiryState(null, at)).toBe('none');
    expect(expiryState('not a date', at)).toBe('none');
  });

  it('says the time left in hours (rounded up) and in minutes in the last hour', () => {
    const deadline = '2026-12-10T12:00:00.000Z';
    const at = Date.parse(deadline);
    expect(timeLeft(deadline, at - 47 * 3_600_000 - 1)).toEqual({ value: 48, unit: 'hour' });
    expect(timeLeft(deadline, at - 3_600_000)).toEqual({ value: 1, unit: 'hour' });
    expect(timeLeft(deadline, at - 59 * 60_000 - 1)).toEqual({ value: 60, unit: 'minute' });
    expect(timeLeft(deadline, at - 1)).toEqual({ value: 1, unit: 'minute' });
  });

  it('maps the first promo_code error to its message, INVALID otherwise (§8)', () => {
    expect(promoError(['promo_code_expired', 'promo_code_used'])).toBe('expired');
    expect(promoError(['promo_code_already_used'])).toBe('used');
    expect(promoError(['something_new'])).toBe('invalid');
    expect(promoError(undefined)).toBe('invalid');
  });

  it('trims the promo input and needs one character (§5)', () => {
    expect(promoInput('  WELCOME100 ')).toBe('WELCOME100');
    expect(promoInput('   ')).toBeNull();
  });
});
