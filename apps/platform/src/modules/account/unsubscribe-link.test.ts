import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeLink, unsubscribeToken } from './unsubscribe-link.ts';

const secret = Buffer.from('a-test-secret-of-some-length-0123456789', 'utf8');
const otherSecret = Buffer.from('another-secret-entirely-9876543210', 'utf8');
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A token for any payload text, signed like the real ones: to reach the payload checks. */
function signedPayload(text: string, key = secret): string {
  const payload = Buffer.from(text).toString('base64url');
  const signature = createHmac('sha256', key).update(`unsubscribe.${payload}`).digest('base64url');
  return `${payload}.${signature}`;
}

describe('unsubscribe links', () => {
  it('round-trips the player and contact, as a base64url site path without the address', () => {
    const token = unsubscribeToken(secret, { playerId: 42, contactId: 7 });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(readUnsubscribeToken(secret, token)).toEqual({ playerId: 42, contactId: 7 });
    expect(unsubscribeLink(secret, { playerId: 42, contactId: 7 })).toBe(
      `/unsubscribe?token=${token}`,
    );
    expect(unsubscribeLink(secret, { playerId: 42, contactId: 7 }, 'https://example.com')).toBe(
      `https://example.com/unsubscribe?token=${token}`,
    );
    // Stable: the same contact always gets the same link (no expiry, nothing stored).
    expect(unsubscribeToken(secret, { playerId: 42, contactId: 7 })).toBe(token);
  });

  it('refuses every one-character change of a token, in the payload and in the signature', () => {
    const token = unsubscribeToken(secret, { playerId: 1234, contactId: 5678 });
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      for (const replacement of [BASE64URL[(BASE64URL.indexOf(token[i]!) + 1) % 64]!, 'A', '_']) {
        if (replacement === token[i]) continue;
        const tampered = token.slice(0, i) + replacement + token.slice(i + 1);
        expect(readUnsubscribeToken(secret, tampered), `position ${i}`).toBeNull();
      }
    }
  });

  it('refuses another secret, another player id under the same signature, and a swapped signature', () => {
    const mine = unsubscribeToken(secret, { playerId: 1, contactId: 2 });
    const theirs = unsubscribeToken(secret, { playerId: 3, contactId: 2 });
    expect(readUnsubscribeToken(otherSecret, mine)).toBeNull();
    expect(
      readUnsubscribeToken(secret, unsubscribeToken(otherSecret, { playerId: 1, contactId: 2 })),
    ).toBeNull();
    const [minePayload, mineSignature] = mine.split('.') as [string, string];
    const [theirPayload, theirSignature] = theirs.split('.') as [string, string];
    expect(readUnsubscribeToken(secret, `${theirPayload}.${mineSignature}`)).toBeNull();
    expect(readUnsubscribeToken(secret, `${minePayload}.${theirSignature}`)).toBeNull();
  });

  it('refuses malformed tokens, and signed payloads that do not name two ids', () => {
    for (const junk of [
      '',
      '.',
      'abc',
      'a.b.c',
      'x'.repeat(5000),
      `${'A'.repeat(65)}.${'A'.repeat(43)}`,
      `${'A'.repeat(10)}.${'A'.repeat(42)}`,
      `${'A'.repeat(10)}.${'A'.repeat(44)}`,
      '<script>alert(1)</script>',
      "' OR 1=1 --",
    ]) {
      expect(readUnsubscribeToken(secret, junk), junk.slice(0, 40)).toBeNull();
    }
    expect(readUnsubscribeToken(secret, signedPayload('1:5:6'))).toEqual({
      playerId: 5,
      contactId: 6,
    });
    for (const text of [
      '2:5:6',
      '1:5',
      '1:0:6',
      '1:05:6',
      '1:-5:6',
      '1:5:6:7',
      '1:5:6\n',
      '1:99999999999:6',
      '1:2147483648:6',
      'jwt:5:6',
    ]) {
      expect(readUnsubscribeToken(secret, signedPayload(text)), text).toBeNull();
    }
  });
});
