import { describe, expect, it } from 'vitest';
import { showConfirmHint, type ConfirmHintInput } from './confirm-hint.ts';

const base: ConfirmHintInput = {
  enabled: true,
  pageExceptions: ['/cashier/deposit'],
  path: '/gamehall',
  regTime: '2026-11-20T10:00:00Z',
  now: new Date('2026-11-24T10:00:00Z'),
  login: 'Ana@Example.com',
  contacts: [{ contact: 'ana@example.com', is_confirmed: false }],
  markerSet: false,
};

describe('showConfirmHint', () => {
  it('shows for an unconfirmed login contact within the week after registration', () => {
    expect(showConfirmHint(base)).toBe(true);
  });

  it.each([
    ['switched off', { enabled: false }],
    ['a confirmation was sent', { markerSet: true }],
    ['on an excepted page', { path: '/cashier/deposit' }],
    ['past the deadline', { now: new Date('2026-11-28T10:00:01Z') }],
    [
      'the login contact is confirmed',
      { contacts: [{ contact: 'ana@example.com', is_confirmed: true }] },
    ],
    ['contacts not known yet', { contacts: null }],
  ])('hides when %s', (_name, change) => {
    expect(showConfirmHint({ ...base, ...change })).toBe(false);
  });
});
