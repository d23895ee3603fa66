import { describe, expect, it } from 'vitest';
import { ApiError } from '@northstar/errors';
import {
  fieldError,
  limitAmountField,
  passwordConfirmField,
  readFailure,
  realityCheckChoices,
  sessionMinutesField,
} from './limit-model.ts';

describe('the responsible-gaming forms’ own checks', () => {
  it('a limit amount is empty (remove) or a whole positive sum', () => {
    const amount = limitAmountField('EUR');
    expect(fieldError(amount, '')).toBeNull();
    expect(fieldError(amount, '50')).toBeNull();
    expect(fieldError(amount, '0')).not.toBeNull();
    expect(fieldError(amount, '05')).not.toBeNull();
    expect(fieldError(amount, '12.5')).not.toBeNull();
  });
  it('session minutes are empty or 5 to 1440', () => {
    const minutes = sessionMinutesField();
    expect(fieldError(minutes, '')).toBeNull();
    expect(fieldError(minutes, '5')).toBeNull();
    expect(fieldError(minutes, '1440')).toBeNull();
    expect(fieldError(minutes, '4')).toContain('min_value');
    expect(fieldError(minutes, '1441')).toContain('max_value');
    expect(fieldError(minutes, 'abc')).not.toBeNull();
  });
  it('the password is required', () => {
    expect(fieldError(passwordConfirmField(), '')).toContain('required');
    expect(fieldError(passwordConfirmField(), 'x')).toBeNull();
  });
  it('maps the server’s refusals onto the fields, the wrong password in its own words', () => {
    const wrong = new ApiError('InvalidParameter', 'The password is wrong', {
      invalidParameters: { password: ['wrong_password'] },
    });
    expect(readFailure(wrong, ['period', 'password'])).toEqual({
      fields: { password: 'wrong_password' },
      general: false,
    });
    const amount = new ApiError('InvalidParameter', 'bad', {
      invalidParameters: { amount: ['sum'] },
    });
    expect(readFailure(amount, ['period', 'amount']).fields.amount).toContain('sum');
    expect(readFailure(new Error('offline'), ['amount'])).toEqual({ fields: {}, general: true });
  });

  it("a market's reality check leaves only shorter intervals, never off", () => {
    const allowed = (required: number | null) =>
      realityCheckChoices(required)
        .filter((choice) => choice.allowed)
        .map((choice) => choice.value);
    expect(allowed(null)).toEqual(['0', '15', '30', '60']);
    expect(allowed(60)).toEqual(['15', '30', '60']);
    expect(allowed(30)).toEqual(['15', '30']);
  });
});
