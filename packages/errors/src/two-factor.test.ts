import { describe, expect, it } from 'vitest';
import {
  TWO_FACTOR_MARKERS,
  parseTwoFactorMessage,
  switchesToTwoFactorView,
  twoFactorCodeFieldMessage,
  twoFactorMessage,
  type TwoFactorMarker,
} from './two-factor.ts';

describe('two-factor markers (§8)', () => {
  it.each<[string, ReturnType<typeof parseTwoFactorMessage>]>([
    ['Code must contain 6 digits', { marker: 'codeLength' }],
    ['Two-factor code must contain 6 digits.', { marker: 'codeLength' }],
    ['Time expired', { marker: 'timeExpired' }],
    ['Code invalid', { marker: 'codeInvalid' }],
    ['Two-factor already enabled', { marker: 'alreadyEnabled' }],
    ['two-factor already enabled, resend time 60', { marker: 'alreadyEnabled', resendTime: 60 }],
    ['Resend time 45', { marker: 'resendTime', resendTime: 45 }],
    ['resend time: 30s.', { marker: 'resendTime', resendTime: 30 }],
    ['Resend time', { marker: 'resendTime' }],
    ['Wrong login or password', null],
    ['', null],
  ])('parseTwoFactorMessage(%j)', (message, expected) => {
    expect(parseTwoFactorMessage(message)).toEqual(expected);
  });

  it.each(Object.keys(TWO_FACTOR_MARKERS) as TwoFactorMarker[])(
    'the server text for %s parses back to it',
    (marker) => {
      expect(parseTwoFactorMessage(twoFactorMessage(marker))).toEqual({ marker });
      expect(parseTwoFactorMessage(twoFactorMessage(marker, 90))).toEqual({
        marker,
        resendTime: 90,
      });
    },
  );

  it.each<[TwoFactorMarker, boolean]>([
    ['codeLength', false],
    ['timeExpired', false],
    ['codeInvalid', false],
    ['alreadyEnabled', true],
    ['resendTime', true],
  ])('%s switches to the twofa view: %s', (marker, switches) => {
    expect(switchesToTwoFactorView(marker)).toBe(switches);
  });

  it.each([
    ['Code must contain 6 digits', 'codeLength'],
    ['Time expired', 'timeExpired'],
    ['Code invalid', 'codeInvalid'],
    ['Resend time 10', 'generic'],
    ['Server on fire', 'generic'],
  ])('code field message for %j is %s', (message, expected) => {
    expect(twoFactorCodeFieldMessage(message)).toBe(expected);
  });
});
