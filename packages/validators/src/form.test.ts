import type { ResolverOptions } from 'react-hook-form';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import {
  invalidParametersFromIssues,
  issueCode,
  serverFieldErrors,
  setServerErrors,
  valibotResolver,
} from './form.ts';
import { email, minLength, phone, required } from './rules.ts';
import { accepted, field, passwordField, promoCodeField, sameAs } from './schema.ts';

const registration = v.pipe(
  v.object({
    email: field(required({ kind: 'email' }), email()),
    phone: field(required({ kind: 'phone' }), phone()),
    password: passwordField(),
    password_repeat: field(required()),
    terms: accepted(),
    promo_code: promoCodeField(false),
  }),
  sameAs('password_repeat', 'password'),
);

type Registration = v.InferInput<typeof registration>;

const options = (criteriaMode?: 'all' | 'firstError'): ResolverOptions<Registration> => ({
  fields: {},
  shouldUseNativeValidation: false,
  criteriaMode,
});

const good: Registration = {
  email: ' player@example.com ',
  phone: '+34 612 345 678',
  password: 'secret12',
  password_repeat: 'secret12',
  terms: true,
  promo_code: '  WELCOME ',
};

describe('valibotResolver with our rules', () => {
  const resolver = valibotResolver(registration);

  it('returns trimmed values when every rule passes', async () => {
    const result = await resolver(good, undefined, options());
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      ...good,
      email: 'player@example.com',
      promo_code: 'WELCOME',
    });
  });

  it('puts the encoded message of the first failing rule on each field', async () => {
    const result = await resolver(
      { ...good, email: '', phone: '12', password: 'a b', terms: false },
      undefined,
      options(),
    );
    expect(result.values).toEqual({});
    expect(result.errors.email?.message).toBe('required?kind=email');
    expect(result.errors.phone?.message).toBe('phone');
    expect(result.errors.password?.message).toBe('password?chars=+');
    expect(result.errors.terms?.message).toBe('required?kind=checkbox');
  });

  it('reports a repeated password that differs on the repeat field', async () => {
    const result = await resolver({ ...good, password_repeat: 'secret13' }, undefined, options());
    expect(result.errors.password_repeat?.message).toBe('same_as?other=password&kind=password');
  });

  it('with criteriaMode all, reports same_as alongside other fields’ errors', async () => {
    const result = await resolver(
      { ...good, email: 'bad', password_repeat: 'other' },
      undefined,
      options('all'),
    );
    expect(result.errors.email?.message).toBe('email');
    expect(result.errors.password_repeat?.message).toBe('same_as?other=password&kind=password');
  });

  it('requires the promo code only when its toggle is on', () => {
    expect(v.safeParse(promoCodeField(true), '  ').issues?.[0]?.message).toBe('min_length?min=1');
    expect(v.safeParse(promoCodeField(true), ' X ').output).toBe('X');
    expect(v.safeParse(promoCodeField(false), '').success).toBe(true);
  });
});

describe('invalid_parameters from issues (the server side)', () => {
  it('gives each field its codes, by dot path', () => {
    const schema = v.object({
      email: field(required(), email()),
      password: passwordField(),
      profile: v.object({ first_name: field(required(), minLength(2)) }),
      age: v.pipe(v.number(), v.minValue(18)),
      nickname: v.pipe(v.string(), v.maxLength(3)),
      code: v.pipe(v.string(), v.regex(/^\d+$/)),
    });
    const result = v.safeParse(schema, {
      email: 'nope',
      password: '',
      profile: { first_name: 'A' },
      age: 16,
      nickname: 'abcdef',
      code: 'x',
    });
    expect(result.success).toBe(false);
    expect(invalidParametersFromIssues(result.issues ?? [])).toEqual({
      email: ['email'],
      password: ['required'],
      'profile.first_name': ['min_length'],
      age: ['min_value'],
      nickname: ['max_length'],
      code: ['regex'],
    });
  });

  it('maps a missing value to required and a wrong type to regex', () => {
    const schema = v.object({ name: v.string(), count: v.number() });
    const result = v.safeParse(schema, { count: 'many' });
    expect(invalidParametersFromIssues(result.issues ?? [])).toEqual({
      name: ['required'],
      count: ['regex'],
    });
    expect(issueCode(result.issues![0]!)).toBe('required');
  });
});

describe('server field errors back onto the form', () => {
  it('maps parameters to fields, swapping phone and mobile, and keeps the rest', () => {
    expect(
      serverFieldErrors(
        { email: ['email', 'required'], mobile: ['phone'], currency: ['required'], x: [] },
        ['email', 'phone', 'password'],
      ),
    ).toEqual({
      fields: [
        { field: 'email', code: 'email', message: 'email' },
        { field: 'phone', code: 'phone', message: 'phone' },
      ],
      unmatched: { currency: ['required'] },
    });
    expect(serverFieldErrors({ phone: ['phone'] }, ['mobile']).fields[0]?.field).toBe('mobile');
    expect(serverFieldErrors({ phone: ['phone'] }, ['phone', 'mobile']).fields[0]?.field).toBe(
      'phone',
    );
  });

  it('remaps codes through the error dictionary', () => {
    expect(
      serverFieldErrors({ login: ['user_exists'] }, ['login'], { user_exists: 'login_taken' })
        .fields,
    ).toEqual([{ field: 'login', code: 'user_exists', message: 'login_taken' }]);
  });

  it('sets them on react-hook-form, focusing the first', () => {
    const setError = vi.fn();
    const unmatched = setServerErrors<{ email: string; phone: string }>(
      setError,
      { email: ['email'], mobile: ['phone'], bonus: ['required'] },
      ['email', 'phone'],
    );
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'email' }, { shouldFocus: true }],
      ['phone', { type: 'server', message: 'phone' }, { shouldFocus: false }],
    ]);
    expect(unmatched).toEqual({ bonus: ['required'] });
  });
});
