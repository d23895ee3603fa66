import { describe, expect, it } from 'vitest';
import { twoFactorFromError } from './two-factor-state.ts';

describe('twoFactorFromError', () => {
  it('switches to the code on the already-enabled and resend-time markers', () => {
    expect(twoFactorFromError('Two-factor already enabled', {}, 60)).toEqual({ resendTime: 60 });
    expect(twoFactorFromError('resend time 45', {}, 60)).toEqual({ resendTime: 45 });
  });

  it('prefers the resend time in the error data to the one in the message', () => {
    expect(twoFactorFromError('resend time 45', { resend_time: 12 }, 60)).toEqual({
      resendTime: 12,
    });
  });

  it('does not switch on a wrong code, an expired code or an ordinary failure', () => {
    expect(twoFactorFromError('code invalid', {}, 60)).toBeNull();
    expect(twoFactorFromError('time expired', {}, 60)).toBeNull();
    expect(twoFactorFromError('Wrong login or password', {}, 60)).toBeNull();
  });
});
