import * as v from 'valibot';
import * as w from '../wire.ts';
import { signUpPromo } from './campaigns.ts';
import { fakename, method, ok, personName } from './shared.ts';

// §7 `auth`: its methods, and the entities only this module uses.

export const loginSuccess = v.object({ uid: v.number(), two_factor_auth: v.literal(false) });
export const loginTwoFactor = v.object({
  two_factor_auth: v.literal(true),
  resend_time: v.number(),
  /**
   * Issue #25: where the code comes from: `contact` (sent to the confirmed e-mail or phone, §4)
   * or `app` (the authenticator app, or a recovery code; nothing is sent, no resend wait).
   */
  two_factor_method: v.optional(v.picklist(['contact', 'app'])),
});

const registrationParams = w.params({
  login: w.optional(w.text({ max: 64 })),
  email: w.optional(w.email()),
  phone: w.optional(w.phone()),
  // Required for every registration but the messaging app's mini-app one (`is_tg`).
  password: w.optional(w.password()),
  currency: w.optional(w.text({ max: 3, pattern: /^[A-Z]{3}$/ })),
  locale: w.optional(w.text({ max: 10 })),
  notify: w.optional(w.flag()),
  is_betting: w.optional(w.flag()),
  character_id: w.optional(w.integer({ min: 1 })),
  region: w.optional(w.text({ max: 64 })),
  phone_country_code: w.optional(w.text({ max: 8 })),
  promo_code: w.optional(w.text({ max: 64 })),
  terms: w.optional(w.flag()),
  fakename: w.optional(fakename()),
  first_name: w.optional(personName()),
  middle_name: w.optional(personName()),
  last_name: w.optional(personName()),
  birth_date: w.optional(w.text({ max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, code: 'date' })),
  country_code: w.optional(w.text({ max: 2, pattern: /^[A-Za-z]{2}$/ })),
  // §3 "plus visible profile fields": the ones the operator puts on the registration form.
  sex: w.optional(w.integer({ min: 0, max: 2 })),
  home_town: w.optional(w.text({ max: 64 })),
  address: w.optional(
    w.text({ max: 128, pattern: /^[^@_"!?#$%^&*(){}[\]\\<>~§+:;`]+$/u, code: 'address' }),
  ),
  postcode: w.optional(w.text({ max: 10, pattern: /^[A-Za-z0-9 -]{1,10}$/, code: 'postcode' })),
  document_type: w.optional(w.text({ max: 32 })),
  document_number: w.optional(w.text({ max: 32 })),
  // §4 the messaging app's mini-app registration: `payload` is the mini app's signed `initData`,
  // the only part the server trusts; `id`, `username`, `hash` and `language_code` repeat it.
  is_tg: w.optional(w.flag()),
  id: w.optional(w.integer({ min: 1 })),
  username: w.optional(w.text({ max: 64 })),
  hash: w.optional(w.text({ max: 64, pattern: /^[0-9a-f]{64}$/ })),
  language_code: w.optional(w.text({ max: 16 })),
  payload: w.optional(w.text({ max: 4096 })),
});

export const auth = {
  login: method(
    'auth',
    'login',
    'POST',
    'public',
    w.params({
      login: w.text({ max: 254 }),
      password: v.pipe(
        v.string('wrong_field'),
        v.minLength(1, 'required'),
        v.maxLength(128, 'max_length'),
      ),
      code: w.optional(w.signInCode()),
    }),
    v.union([loginSuccess, loginTwoFactor]),
    'built',
  ),
  logout: { ...method('auth', 'logout', 'GET', 'public', w.noParams, ok, 'built'), mutates: true },
  restore: method(
    'auth',
    'restore',
    'POST',
    'public',
    w.params({
      login: w.text({ max: 254 }),
      code: w.optional(w.verificationCode()),
      password: w.optional(w.password()),
    }),
    // With the authenticator app on, a reset does not sign in (issue #25): `loginTwoFactor`.
    v.union([
      v.object({ sent: v.literal(true), resend_time: v.number() }),
      loginSuccess,
      loginTwoFactor,
    ]),
    'built',
  ),
  register: method(
    'auth',
    'register',
    'POST',
    'public',
    registrationParams,
    v.union([
      // §4: with a `promo_code`, what its activation after the sign-up gave (or why not).
      v.object({ ...loginSuccess.entries, promo: v.optional(signUpPromo) }),
      loginTwoFactor,
    ]),
    'built',
  ),
};
