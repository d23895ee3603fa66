// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  analyticsQueue,
  consentCookie,
  consentFromCookies,
  CONSENT_MAX_AGE_SECONDS,
  track,
  trackIdFromSearch,
} from './analytics.ts';

afterEach(() => {
  delete (window as { northstarAnalytics?: unknown }).northstarAnalytics;
});

describe('track (issue #28)', () => {
  it('queues the event on the page with a fresh id and its time, sending nothing', () => {
    track('login', { method: 'password' });
    track('login', { method: 'password' });
    const queue = analyticsQueue()!;
    expect(queue).toHaveLength(2);
    expect(queue[0]).toMatchObject({ event: 'login', method: 'password', at: expect.any(Number) });
    expect(queue[0]!.event_id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(queue[0]!.event_id).not.toBe(queue[1]!.event_id);
    expect((window as { northstarAnalytics?: unknown }).northstarAnalytics).toBe(queue);
  });

  it('keeps an id the caller gives (an event named by its transaction), not one that is no id', () => {
    track('deposit', { event_id: 'deposit-17', amount: 5 });
    track('deposit', { event_id: 'x y' });
    const [named, other] = analyticsQueue()!;
    expect(named!.event_id).toBe('deposit-17');
    expect(other!.event_id).not.toBe('x y');
    // The event's name is the one tracked, whatever the properties say.
    track('login', { event: 'deposit' } as never);
    expect(analyticsQueue()![2]!.event).toBe('login');
  });
});

describe('the consent cookie', () => {
  it('reads the choice from a Cookie header or document.cookie, and nothing else as one', () => {
    expect(consentFromCookies('a=1; cookie_consent=all; b=2')).toBe('all');
    expect(consentFromCookies('cookie_consent=necessary')).toBe('necessary');
    expect(consentFromCookies('cookie_consent=yes')).toBeNull();
    expect(consentFromCookies('my_cookie_consent=all')).toBeNull();
    expect(consentFromCookies('')).toBeNull();
    expect(consentFromCookies(undefined)).toBeNull();
  });

  it('is written for a year on the whole site, Lax, Secure on https', () => {
    expect(consentCookie('all', true)).toBe(
      `cookie_consent=all; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax; Secure`,
    );
    expect(consentCookie('necessary', false)).not.toContain('Secure');
    expect(CONSENT_MAX_AGE_SECONDS).toBe(31_536_000);
  });
});

describe('track_id from the landing address (§7 "converted from td_ prefix")', () => {
  it('takes the id after td_ in a key, or the value of td_', () => {
    expect(trackIdFromSearch('?td_a1b2c3')).toBe('a1b2c3');
    expect(trackIdFromSearch('?utm_source=x&td_aff-9=')).toBe('aff-9');
    expect(trackIdFromSearch('?td_=a1b2c3')).toBe('a1b2c3');
  });

  it('is none without a td_ key, or for an id outside letters, digits, - and _', () => {
    expect(trackIdFromSearch('')).toBeNull();
    expect(trackIdFromSearch('?td=abc')).toBeNull();
    expect(trackIdFromSearch('?td_<script>')).toBeNull();
    expect(trackIdFromSearch(`?td_${'a'.repeat(65)}`)).toBeNull();
  });
});
