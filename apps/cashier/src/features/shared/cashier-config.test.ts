import { describe, expect, it } from 'vitest';
import { registrationHintVisible, REGISTRATION_HINT_MS } from './cashier-config.ts';

describe('registrationHintVisible', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const base = {
    enabled: true,
    regTime: '2026-11-25T10:00:00Z',
    firstDeposit: true,
    hidden: false,
    now,
  };
  it('shows for a new player without a deposit, within the delay', () => {
    expect(registrationHintVisible(base)).toBe(true);
  });
  it('hides when the delay passed, after a deposit, when hidden, when off or without a time', () => {
    expect(
      registrationHintVisible({
        ...base,
        now: Date.parse(base.regTime) + REGISTRATION_HINT_MS,
      }),
    ).toBe(false);
    expect(registrationHintVisible({ ...base, firstDeposit: false })).toBe(false);
    expect(registrationHintVisible({ ...base, hidden: true })).toBe(false);
    expect(registrationHintVisible({ ...base, enabled: false })).toBe(false);
    expect(registrationHintVisible({ ...base, regTime: undefined })).toBe(false);
    expect(registrationHintVisible({ ...base, regTime: 'not a date' })).toBe(false);
  });
});
