import { describe, expect, it } from 'vitest';
import { channelReachable, consentGrid, subscribableContacts } from './notifications-model.ts';

describe('notifications model (issue #25)', () => {
  it('fills the consent grid, a missing pair being no consent', () => {
    const grid = consentGrid([
      {
        product: 'sports',
        channel: 'sms',
        granted: true,
        recorded_at: '2026-01-02T03:04:05.000Z',
        source: 'settings',
      },
    ]);
    expect(grid.sports.sms.granted).toBe(true);
    expect(grid.sports.sms.recorded_at).toBe('2026-01-02T03:04:05.000Z');
    expect(grid.casino.email).toEqual({
      product: 'casino',
      channel: 'email',
      granted: false,
      recorded_at: null,
      source: null,
    });
    expect(Object.keys(grid.casino)).toEqual(['email', 'sms', 'push']);
  });

  it('offers subscriptions for confirmed contacts only', () => {
    const split = subscribableContacts([
      { contact: 'a@example.com', is_confirmed: true },
      { contact: '5511912345678', is_confirmed: false },
    ]);
    expect(split.confirmed.map((c) => c.contact)).toEqual(['a@example.com']);
    expect(split.unconfirmed.map((c) => c.contact)).toEqual(['5511912345678']);
  });

  it('knows which channels reach the player: a confirmed, subscribed contact of that kind', () => {
    const contacts = [
      { type: 'email', is_confirmed: true, is_subscribed: true },
      { type: 'phone', is_confirmed: true, is_subscribed: false },
    ];
    expect(channelReachable('email', contacts)).toBe(true);
    expect(channelReachable('sms', contacts)).toBe(false);
    expect(
      channelReachable('email', [{ type: 'email', is_confirmed: false, is_subscribed: true }]),
    ).toBe(false);
  });
});
