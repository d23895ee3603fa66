import { describe, expect, it } from 'vitest';
import { isSocialMessage, socialInitUrl, socialOutcome } from './social-login.ts';

describe('socialOutcome', () => {
  it('reads what the platform put in the return page query', () => {
    expect(socialOutcome('?social=done')).toEqual({ status: 'done' });
    expect(socialOutcome('?social=done&two_factor=required&resend_time=42')).toEqual({
      status: 'two-factor',
      resendTime: 42,
      method: 'contact',
    });
    expect(socialOutcome('?social=done&two_factor=app&resend_time=0')).toEqual({
      status: 'two-factor',
      resendTime: 0,
      method: 'app',
    });
    expect(socialOutcome('?social=done&auth_error=user_banned')).toEqual({
      status: 'error',
      code: 'user_banned',
    });
    expect(socialOutcome('?x=1')).toBeNull();
  });
});

describe('social messages', () => {
  it('accepts only the social message shape', () => {
    expect(isSocialMessage({ type: 'northstar:social', outcome: { status: 'done' } })).toBe(true);
    expect(isSocialMessage({ type: 'other', outcome: { status: 'done' } })).toBe(false);
    expect(isSocialMessage('northstar:social')).toBe(false);
  });

  it('builds the /oauth/init address with service, type and return page', () => {
    const url = new URL(
      socialInitUrl({
        service: 'google',
        typeAuth: 'register',
        returnPage: '/forms/sign_in?social=done',
      }),
      'https://site.example',
    );
    expect(url.pathname).toBe('/oauth/init');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      service: 'google',
      type_auth: 'register',
      redirect_url: '/forms/sign_in?social=done',
    });
  });
});
