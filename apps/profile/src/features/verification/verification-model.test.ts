import { describe, expect, it } from 'vitest';
import {
  canStart,
  itemTone,
  progress,
  providerOrigin,
  readProviderMessage,
  shouldPoll,
} from './verification-model.ts';
import type { Verification } from './verification-api.ts';

const state = (
  status: Verification['status'],
  documents: Verification['documents'][number]['status'][],
  isVerified = false,
): Verification => ({
  status,
  is_verified: isVerified,
  is_on_verification: status === 'pending',
  documents: documents.map((s, i) => ({
    document: i === 0 ? 'IDENTITY' : 'SELFIE',
    status: s,
    doc_type: null,
    reason: s === 'rejected' ? 'UNSATISFACTORY_PHOTOS' : null,
    comment: null,
  })),
});

describe('verification rules', () => {
  it('polls only while something is under review', () => {
    expect(shouldPoll(undefined)).toBe(false);
    expect(shouldPoll(state('init', ['missing', 'missing']))).toBe(false);
    // Submitted in the provider's page, its webhook not arrived yet.
    expect(shouldPoll({ ...state('init', ['missing', 'missing']), is_on_verification: true })).toBe(
      true,
    );
    expect(shouldPoll(state('pending', ['pending', 'pending']))).toBe(true);
    expect(shouldPoll(state('rejected', ['approved', 'pending']))).toBe(true);
    expect(shouldPoll(state('approved', ['approved', 'approved'], true))).toBe(false);
  });

  it('opens the provider only when something is left to send', () => {
    expect(canStart(state('none', ['missing', 'missing']))).toBe(true);
    expect(canStart(state('rejected', ['approved', 'rejected']))).toBe(true);
    expect(canStart(state('pending', ['pending', 'pending']))).toBe(false);
    expect(canStart(state('approved', ['approved', 'approved'], true))).toBe(false);
  });

  it('counts approved documents and colours each', () => {
    expect(progress(state('rejected', ['approved', 'rejected']))).toEqual({ done: 1, total: 2 });
    expect(state('rejected', ['approved', 'rejected']).documents.map(itemTone)).toEqual([
      'success',
      'danger',
    ]);
  });
});

describe('messages from the provider’s frame', () => {
  const frame = { name: 'frame' };
  const expected = { origin: 'https://casino.example', source: frame };
  const message = { source: 'kyc-sandbox', type: 'status', status: 'pending' };

  it('believes the provider page’s own window at its origin', () => {
    expect(
      readProviderMessage(
        { origin: 'https://casino.example', data: message, source: frame },
        expected,
      ),
    ).toBe('pending');
  });

  it('ignores another origin, another window, another sender or an unknown status', () => {
    expect(
      readProviderMessage(
        { origin: 'https://evil.example', data: message, source: frame },
        expected,
      ),
    ).toBeNull();
    expect(
      readProviderMessage(
        { origin: 'https://casino.example', data: message, source: {} },
        expected,
      ),
    ).toBeNull();
    expect(
      readProviderMessage(
        { origin: 'https://casino.example', data: { ...message, source: 'x' }, source: frame },
        expected,
      ),
    ).toBeNull();
    expect(
      readProviderMessage(
        { origin: 'https://casino.example', data: { ...message, status: 'hacked' }, source: frame },
        expected,
      ),
    ).toBeNull();
    expect(
      readProviderMessage(
        { origin: 'https://casino.example', data: 'pending', source: frame },
        expected,
      ),
    ).toBeNull();
  });

  it('takes the provider origin from its page URL', () => {
    expect(providerOrigin('/kyc/sandbox/sdk/t', 'https://casino.example/profile')).toBe(
      'https://casino.example',
    );
    expect(providerOrigin('https://api.sumsub.com/websdk/x', 'https://casino.example/')).toBe(
      'https://api.sumsub.com',
    );
  });
});
