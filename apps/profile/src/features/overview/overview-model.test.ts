import { describe, expect, it } from 'vitest';
import { activeLimitCount, fullName, verificationState } from './overview-model.ts';

const entry = {
  limit_amount: '100.00',
  available_amount: '100.00',
  expired_at: '2026-12-01T00:00:00Z',
  pending: null,
};

describe('the /profile overview (issue #25)', () => {
  it('reads the §3 verification flags as one state, verified first', () => {
    expect(verificationState({ is_verified: true, is_on_verification: true })).toBe('verified');
    expect(verificationState({ is_verified: false, is_on_verification: true })).toBe('pending');
    expect(verificationState({ is_verified: false, is_on_verification: false })).toBe('unverified');
  });

  it('joins the names given and has none while all are empty', () => {
    expect(fullName({ first_name: ' Cleo ', middle_name: null, last_name: 'Stone' })).toBe(
      'Cleo Stone',
    );
    expect(fullName({ first_name: '', middle_name: null, last_name: '  ' })).toBeNull();
  });

  it('counts every deposit and loss period set and the session-time limit', () => {
    expect(activeLimitCount({ limits: [] }, { loss: [], session: null })).toBe(0);
    expect(
      activeLimitCount(
        { limits: [{ ...entry, period: '7' }] },
        {
          loss: [
            { ...entry, period: '1' },
            { ...entry, period: '30' },
          ],
          session: { minutes: 60, pending: null },
        },
      ),
    ).toBe(4);
  });
});
