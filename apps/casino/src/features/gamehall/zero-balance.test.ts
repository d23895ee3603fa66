import { describe, expect, it } from 'vitest';
import { needsDeposit } from './zero-balance.ts';

describe('zero-balance slot access', () => {
  const slot = { categories: ['slots', 'fruit'] };
  const table = { categories: ['table', 'roulette'] };

  it('sends a player with no money to the deposit page for a slot when the market says so', () => {
    expect(needsDeposit(slot, false, '0.00')).toBe(true);
    expect(needsDeposit(slot, false, '0')).toBe(true);
  });

  it('lets the game open otherwise', () => {
    expect(needsDeposit(slot, true, '0.00')).toBe(false); // the market allows it
    expect(needsDeposit(slot, false, '0.01')).toBe(false); // some money
    expect(needsDeposit(slot, false, undefined)).toBe(false); // a visitor, or not known yet
    expect(needsDeposit(table, false, '0.00')).toBe(false); // not a slot
    expect(needsDeposit({}, false, '0.00')).toBe(false);
  });
});
