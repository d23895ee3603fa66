import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  isRecoveryCode,
  matchTotp,
  newRecoveryCode,
  normaliseRecoveryCode,
  openSecret,
  sealSecret,
  totpStep,
} from './authenticator.ts';
import type { AppContext } from '../context.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(SECRET) });
const NOW = Date.UTC(2026, 10, 27, 9, 0, 10);
const at = (ms: number) => totp.generate({ timestamp: ms });

describe('matchTotp (RFC 6238, one step of drift)', () => {
  it('accepts the current code and one step either side, and answers its step', () => {
    expect(matchTotp(SECRET, at(NOW), NOW, 0)).toBe(totpStep(NOW));
    expect(matchTotp(SECRET, at(NOW - 30_000), NOW, 0)).toBe(totpStep(NOW) - 1);
    expect(matchTotp(SECRET, at(NOW + 30_000), NOW, 0)).toBe(totpStep(NOW) + 1);
  });

  it('refuses a code two steps away (expired or not yet valid) and a malformed one', () => {
    expect(matchTotp(SECRET, at(NOW - 60_000), NOW, 0)).toBeNull();
    expect(matchTotp(SECRET, at(NOW + 60_000), NOW, 0)).toBeNull();
    expect(matchTotp(SECRET, '12345', NOW, 0)).toBeNull();
    expect(matchTotp(SECRET, 'abcdef', NOW, 0)).toBeNull();
  });

  it('refuses a code whose step was already used, or an older one (no replay in its window)', () => {
    const step = totpStep(NOW);
    expect(matchTotp(SECRET, at(NOW), NOW, step)).toBeNull();
    expect(matchTotp(SECRET, at(NOW - 30_000), NOW, step)).toBeNull();
    expect(matchTotp(SECRET, at(NOW + 30_000), NOW, step)).toBe(step + 1);
  });
});

describe('recovery codes', () => {
  it('are ten unambiguous characters grouped 5-5, typed in any case with or without the dash', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(code).not.toMatch(/[01lio]/);
    expect(normaliseRecoveryCode(code.toUpperCase().replace('-', ' '))).toBe(code.replace('-', ''));
    expect(isRecoveryCode(code)).toBe(true);
    expect(isRecoveryCode('123456')).toBe(false);
  });
});

describe('the secret at rest', () => {
  const app = { secret: Buffer.from('a'.repeat(64)) } as unknown as AppContext;
  it('is sealed (not readable, different each time) and opens to the same key', () => {
    const one = sealSecret(app, SECRET);
    expect(one).not.toContain(SECRET);
    expect(sealSecret(app, SECRET)).not.toBe(one);
    expect(openSecret(app, one)).toBe(SECRET);
    const other = { secret: Buffer.from('b'.repeat(64)) } as unknown as AppContext;
    expect(() => openSecret(other, one)).toThrow();
  });
});
