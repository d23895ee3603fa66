import { describe, expect, it } from 'vitest';
import { maskedNickname } from './masked.ts';

describe('maskedNickname', () => {
  it('keeps two letters of the nickname and hides its length', () => {
    expect(maskedNickname('DemoPlayer')).toBe('De****');
    expect(maskedNickname('Al')).toBe('Al****');
    expect(maskedNickname('Alexander the Great')).toBe(maskedNickname('Al'));
  });

  it('falls back to the login before its @, never showing the domain', () => {
    expect(maskedNickname(null, 'cleo.banks@example.com')).toBe('cl****');
    expect(maskedNickname('  ', 'x@example.com')).toBe('x****');
    expect(maskedNickname(null, null)).toBe('****');
  });

  it('counts letters, not UTF-16 units', () => {
    expect(maskedNickname('🎰Lucky')).toBe('🎰L****');
    expect(maskedNickname('Ёжик')).toBe('Ёж****');
  });
});
