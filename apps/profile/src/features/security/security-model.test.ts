import { describe, expect, it } from 'vitest';
import {
  codeProblem,
  groupKey,
  offendingCharacters,
  passwordFormProblems,
  refusedCode,
} from './security-model.ts';

describe('change-password form (§5)', () => {
  const ok = {
    old_password: 'Secret-123',
    new_password: 'Better-456',
    repeat_password: 'Better-456',
  };
  it('passes a valid change', () => {
    expect(passwordFormProblems(ok)).toEqual({});
  });
  it('requires every field and names the first problem of each', () => {
    expect(
      passwordFormProblems({ old_password: '', new_password: '', repeat_password: '' }),
    ).toEqual({ old_password: 'required', new_password: 'required', repeat_password: 'required' });
  });
  it('keeps the new password within 6 to 20 allowed characters, not the old one, repeated', () => {
    expect(
      passwordFormProblems({ ...ok, new_password: 'abc', repeat_password: 'abc' }).new_password,
    ).toBe('min_length');
    expect(
      passwordFormProblems({ ...ok, new_password: 'a'.repeat(21), repeat_password: 'a'.repeat(21) })
        .new_password,
    ).toBe('max_length');
    expect(
      passwordFormProblems({ ...ok, new_password: 'pässwörd', repeat_password: 'pässwörd' })
        .new_password,
    ).toBe('password');
    expect(
      passwordFormProblems({ ...ok, new_password: 'Secret-123', repeat_password: 'Secret-123' })
        .new_password,
    ).toBe('same_as_old');
    expect(passwordFormProblems({ ...ok, repeat_password: 'Better-457' }).repeat_password).toBe(
      'same_as',
    );
  });
  it('lists the characters that are not allowed', () => {
    expect(offendingCharacters('pä ss ä')).toBe('ä  ');
  });
});

describe('codes', () => {
  it('accepts 6 digits, and a recovery code only where one is allowed', () => {
    expect(codeProblem('')).toBe('required');
    expect(codeProblem('12345')).toBe('code');
    expect(codeProblem(' 123456 ')).toBeNull();
    expect(codeProblem('abcde-fghjk')).toBe('code');
    expect(codeProblem('abcde-fghjk', { recovery: true })).toBeNull();
  });
  it('reads a refusal: too many, expired, invalid', () => {
    const base = { message: '', invalidParameters: {} };
    expect(refusedCode({ ...base, type: 'TooManyRequests' })).toBe('too_many');
    expect(refusedCode({ ...base, type: 'Authorization', message: 'time expired' })).toBe(
      'time_expired',
    );
    expect(
      refusedCode({
        ...base,
        type: 'Authorization',
        invalidParameters: { code: ['code_invalid'] },
      }),
    ).toBe('code_invalid');
  });
  it('groups the manual key', () => {
    expect(groupKey('ABCDEFGHIJKL')).toBe('ABCD EFGH IJKL');
  });
});
