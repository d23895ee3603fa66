import * as v from 'valibot';
import { currencyRate, depositLimit, depositLimitEntry, money } from '../entities.ts';
import * as w from '../wire.ts';
import { fakename, method, nullableString, ok, personName } from './shared.ts';
import {
  LIMIT_PERIODS,
  REALITY_CHECK_INTERVALS,
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
} from '../responsible-limits.ts';

// The lists live in a plain-data module the browser may import; the contract re-exports them.
export {
  LIMIT_PERIODS,
  REALITY_CHECK_INTERVALS,
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
} from '../responsible-limits.ts';

// §7 `account`: its methods, and the entities only this module uses.

export const accountInfo = v.object({
  uid: v.number(),
  reg_time: v.string(),
  login: v.string(),
  fakename: nullableString,
  is_subscribed: v.boolean(),
  balance_main: money,
  balance_bonus: money,
  balance_betting_bonus: money,
  balance_fun: money,
  is_on_verification: v.boolean(),
  is_verified: v.boolean(),
  is_kyc_block_enabled: v.boolean(),
  is_registration_completed: v.boolean(),
  country_code: nullableString,
  locale: v.string(),
  currency: v.string(),
  two_factor_auth: v.boolean(),
});
export type AccountInfo = v.InferOutput<typeof accountInfo>;

export const selfExclusion = v.object({
  active: v.boolean(),
  /** `self_exclusion` or `time_out` (null without one). */
  kind: v.optional(v.nullable(v.picklist(['self_exclusion', 'time_out']))),
  period: v.nullable(v.picklist([...SELF_EXCLUSION_PERIODS, ...TIME_OUT_PERIODS])),
  started_at: v.nullable(v.string()),
  /** When it ends; null while permanent or when there is none. */
  until: v.nullable(v.string()),
});

/**
 * Ours (issue #25): loss limits (the deposit limit's entry shape, amounts are net losses), the
 * session-time limit in minutes, the reality-check interval, when this session began, and the
 * limits six months old or more that the player is asked to keep or change.
 */
export const playLimits = v.object({
  currency: v.string(),
  loss: v.array(depositLimitEntry),
  session: v.nullable(
    v.object({
      minutes: v.number(),
      pending: v.nullable(v.object({ minutes: v.nullable(v.number()), applies_at: v.string() })),
    }),
  ),
  reality_check: v.number(),
  /**
   * The longest reality-check interval the player's market allows (site config
   * `responsibleGaming.realityCheckByCountry`): a shorter one may be chosen, never a longer one or
   * none. Null where the market imposes none.
   */
  reality_check_required: v.optional(v.nullable(v.number())),
  session_started_at: v.nullable(v.string()),
  review: v.array(
    v.object({
      type: v.picklist(['deposit', 'loss', 'session']),
      period: v.string(),
    }),
  ),
});
export type PlayLimits = v.InferOutput<typeof playLimits>;

export const balances = v.object({
  balance_main: money,
  balance_bonus: money,
  balance_betting_bonus: money,
  balance_fun: money,
  /** main + bonus + betting bonus (§3: the displayed balance). */
  balance_total: money,
});

export const contact = v.object({
  type: v.picklist(['email', 'phone']),
  contact: v.string(),
  is_confirmed: v.boolean(),
  is_subscribed: v.boolean(),
  phone_country_code: v.optional(nullableString),
});

export const profile = v.object({
  first_name: nullableString,
  middle_name: nullableString,
  last_name: nullableString,
  sex: v.nullable(v.number()),
  birth_date: nullableString,
  document: v.optional(
    v.object({ type: nullableString, number: nullableString, cpf: nullableString }),
  ),
  document_type: nullableString,
  document_number: nullableString,
  country: nullableString,
  country_code: nullableString,
  region: nullableString,
  home_town: nullableString,
  address: nullableString,
  postcode: nullableString,
  mobile: nullableString,
  email: nullableString,
  login: v.string(),
  currency: v.string(),
  phone_country_code: nullableString,
  fakename: nullableString,
  contacts: v.optional(v.array(contact)),
});
export type Profile = v.InferOutput<typeof profile>;

export const fieldType = v.picklist([
  'input',
  'password',
  'date',
  'select',
  'country_code',
  'region',
  'phone',
]);

export const profileFieldDefinition = v.object({
  sysname: v.string(),
  type: fieldType,
  params: v.object({ is_required: v.boolean(), is_visible: v.boolean() }),
  options: v.object({
    mask: v.optional(v.union([v.string(), v.array(v.string())])),
    regex: v.optional(v.string()),
    list: v.optional(v.array(v.object({ value: v.string(), label: v.string() }))),
    /** Region lists keyed by country code. */
    regions: v.optional(
      v.record(v.string(), v.array(v.object({ value: v.string(), label: v.string() }))),
    ),
  }),
});

export const phoneCountryOption = v.object({
  country_code: v.string(),
  phone_code: v.string(),
  name: v.string(),
  mask: v.union([v.string(), v.array(v.string())]),
});

/** Issue #25 the security page's two-factor summary. */
export const securitySummary = v.object({
  two_factor_auth: v.boolean(),
  /** null: off; `contact`: a code sent to a confirmed contact (§4); `app`: authenticator app. */
  two_factor_method: v.nullable(v.picklist(['contact', 'app'])),
  recovery_codes_left: v.number(),
  /** The confirmed contact a code would go to, partly hidden (`a•••@example.com`), or null. */
  code_contact: nullableString,
});
export type SecuritySummary = v.InferOutput<typeof securitySummary>;

/** Issue #25 one live session as the security page lists it. */
export const activeSession = v.object({
  id: v.string(),
  browser: nullableString,
  os: nullableString,
  device_type: v.picklist(['desktop', 'mobile', 'tablet', 'other']),
  /** Approximate place from the address: a country code, `local` (a private network) or null. */
  place: nullableString,
  /** The address with its last part hidden (`203.0.113.•`), or null for a private network. */
  network: nullableString,
  created_at: v.string(),
  last_seen_at: v.string(),
  current: v.boolean(),
});
export type ActiveSession = v.InferOutput<typeof activeSession>;

const twoFactorStarted = v.object({ two_factor_auth: v.boolean(), resend_time: v.number() });
/**
 * What `unsubscribe` switched off: with a link's token, the kind of that contact only (never the
 * address); for a signed-in player without a token, every contact (no `contact_type`).
 */
const unsubscribed = v.object({
  contact_type: v.optional(v.picklist(['email', 'phone'])),
  unsubscribed: v.literal(true),
});

/** Ours (issue #25): the products and channels a marketing consent is given for. */
export const MARKETING_PRODUCTS = ['casino', 'sports'] as const;
export const MARKETING_CHANNELS = ['email', 'sms', 'push'] as const;

/** A marketing consent in force, with when and through what it was recorded (null: never). */
export const marketingConsent = v.object({
  product: v.picklist(MARKETING_PRODUCTS),
  channel: v.picklist(MARKETING_CHANNELS),
  granted: v.boolean(),
  recorded_at: v.nullable(v.string()),
  source: v.nullable(v.string()),
});
export type MarketingConsent = v.InferOutput<typeof marketingConsent>;

export const account = {
  addcontact: method(
    'account',
    'addcontact',
    'POST',
    'player',
    w.params({ contact: w.text({ max: 254 }), phone_country_code: w.optional(w.text({ max: 8 })) }),
    contact,
    'built',
  ),
  changefakename: method(
    'account',
    'changefakename',
    'POST',
    'player',
    w.params({ fakename: fakename() }),
    ok,
    'built',
  ),
  changelocale: method(
    'account',
    'changelocale',
    'POST',
    'player',
    w.params({ locale: w.optional(w.text({ max: 10 })) }),
    v.object({ locale: v.string() }),
    'built',
  ),
  changepassword: method(
    'account',
    'changepassword',
    'POST',
    'player',
    w.params({
      old_password: w.password(),
      new_password: w.password(),
      repeat_password: w.optional(w.password()),
    }),
    ok,
    'built',
  ),
  changeSubscription: method(
    'account',
    'changeSubscription',
    'POST',
    'player',
    w.params({ contact: w.text({ max: 254 }), subscription: w.flag() }),
    ok,
    'built',
  ),
  changeTwoFactorAuth: method(
    'account',
    'changeTwoFactorAuth',
    'POST',
    'player',
    w.params({ enable: w.flag() }),
    twoFactorStarted,
    'built',
  ),
  /** Not in §7 (ours), issue #25: the security page's summary: which second factor is on, recovery codes left. */
  getSecurity: method(
    'account',
    'getSecurity',
    'GET',
    'player',
    w.noParams,
    securitySummary,
    'built',
  ),
  /** Not in §7 (ours), issue #25 authenticator app: a new secret (QR code and manual key), shown during set-up only. */
  startAppTwoFactor: method(
    'account',
    'startAppTwoFactor',
    'POST',
    'player',
    w.noParams,
    v.object({ secret: v.string(), otpauth_url: v.string(), qr_code: v.string() }),
    'built',
  ),
  /** Not in §7 (ours): confirms the app with its first code; the recovery codes are in this answer only. */
  confirmAppTwoFactor: method(
    'account',
    'confirmAppTwoFactor',
    'POST',
    'player',
    w.params({ code: w.verificationCode() }),
    v.object({ two_factor_auth: v.literal(true), recovery_codes: v.array(v.string()) }),
    'built',
  ),
  /** Not in §7 (ours): turns the app off, proved by a code from it or a recovery code. */
  disableAppTwoFactor: method(
    'account',
    'disableAppTwoFactor',
    'POST',
    'player',
    w.params({ code: w.signInCode() }),
    ok,
    'built',
  ),
  /** Not in §7 (ours), issue #25: the player's live sessions: device, approximate place, last seen, this one. */
  getSessions: method(
    'account',
    'getSessions',
    'GET',
    'player',
    w.noParams,
    v.array(activeSession),
    'built',
  ),
  /** Not in §7 (ours): ends one of the player's sessions by its id from getSessions. */
  endSession: method(
    'account',
    'endSession',
    'POST',
    'player',
    w.params({ id: w.text({ max: 64, pattern: /^[0-9a-f]{32}$/ }) }),
    ok,
    'built',
  ),
  /** Not in §7 (ours): ends every session of the player but this one. */
  endOtherSessions: method(
    'account',
    'endOtherSessions',
    'POST',
    'player',
    w.noParams,
    v.object({ ended: v.number() }),
    'built',
  ),
  confirmContact: method(
    'account',
    'confirmContact',
    'POST',
    'player',
    w.params({ contact: w.text({ max: 254 }), code: w.verificationCode() }),
    ok,
    'built',
  ),
  confirmTwoFactorAuth: method(
    'account',
    'confirmTwoFactorAuth',
    'POST',
    'player',
    w.params({ code: w.verificationCode() }),
    v.object({ two_factor_auth: v.boolean() }),
    'built',
  ),
  getContactPhoneSettings: method(
    'account',
    'getContactPhoneSettings',
    'GET',
    'public',
    w.noParams,
    v.array(phoneCountryOption),
    'built',
  ),
  getcurrencyrates: method(
    'account',
    'getcurrencyrates',
    'GET',
    'public',
    w.noParams,
    v.array(currencyRate),
    'built',
  ),
  getDepositLimit: method(
    'account',
    'getDepositLimit',
    'GET',
    'player',
    w.noParams,
    depositLimit,
    'built',
  ),
  /**
   * Not in §7 (ours, UKGC RTS 12): sets the limit of one period (1, 7, 14 or 30 days); an empty
   * amount removes it. A decrease applies at once; an increase or a removal after 24 hours.
   */
  setDepositLimit: method(
    'account',
    'setDepositLimit',
    'POST',
    'player',
    w.params({
      period: w.oneOf(LIMIT_PERIODS),
      amount: w.optional(
        v.union([v.literal(''), w.text({ max: 9, pattern: /^[1-9]\d{0,8}$/, code: 'sum' })]),
      ),
    }),
    depositLimit,
    'built',
  ),
  /** Not in §7 (ours): the player's self-exclusion, if any (`until` null while permanent). */
  getSelfExclusion: method(
    'account',
    'getSelfExclusion',
    'GET',
    'player',
    w.noParams,
    selfExclusion,
    'built',
  ),
  /**
   * Not in §7 (ours): self-excludes for one of the §3 periods, confirmed with the password. It
   * cannot be shortened or lifted; a longer one replaces a shorter one.
   */
  setSelfExclusion: method(
    'account',
    'setSelfExclusion',
    'POST',
    'player',
    w.params({ period: w.oneOf(SELF_EXCLUSION_PERIODS), password: w.text({ max: 128 }) }),
    selfExclusion,
    'built',
  ),
  /** Not in §7 (ours, issue #25): the player's marketing consent per product and channel. */
  getMarketingConsent: method(
    'account',
    'getMarketingConsent',
    'GET',
    'player',
    w.noParams,
    v.array(marketingConsent),
    'built',
  ),
  /**
   * Not in §7 (ours, issue #25): gives ('1') or withdraws ('0') marketing consent for one product
   * on one channel; recorded with its time and source. Refused while self-excluded.
   */
  setMarketingConsent: method(
    'account',
    'setMarketingConsent',
    'POST',
    'player',
    w.params({
      product: w.oneOf(MARKETING_PRODUCTS),
      channel: w.oneOf(MARKETING_CHANNELS),
      consent: w.flag(),
    }),
    v.array(marketingConsent),
    'built',
  ),
  /** Not in §7 (ours, issue #25): loss and session limits, reality check, limits to review. */
  getPlayLimits: method(
    'account',
    'getPlayLimits',
    'GET',
    'player',
    w.noParams,
    playLimits,
    'built',
  ),
  /**
   * Not in §7 (ours): a loss limit of one period, on the deposit limit's rules (a decrease at
   * once, an increase or removal after 24 hours); the wallet refuses a bet above what it leaves.
   */
  setLossLimit: method(
    'account',
    'setLossLimit',
    'POST',
    'player',
    w.params({
      period: w.oneOf(LIMIT_PERIODS),
      amount: w.optional(
        v.union([v.literal(''), w.text({ max: 9, pattern: /^[1-9]\d{0,8}$/, code: 'sum' })]),
      ),
    }),
    playLimits,
    'built',
  ),
  /** Not in §7 (ours): the session-time limit in minutes (5 to 1440); empty removes it. */
  setSessionLimit: method(
    'account',
    'setSessionLimit',
    'POST',
    'player',
    w.params({
      minutes: w.optional(v.union([v.literal(''), w.integer({ min: 5, max: 1440 })])),
    }),
    playLimits,
    'built',
  ),
  /** Not in §7 (ours): the reality-check interval (0 off, 15, 30 or 60 minutes). */
  setRealityCheck: method(
    'account',
    'setRealityCheck',
    'POST',
    'player',
    w.params({ interval: w.oneOf(REALITY_CHECK_INTERVALS) }),
    playLimits,
    'built',
  ),
  /** Not in §7 (ours): the player keeps every limit as it is (the six-month review). */
  keepLimits: method('account', 'keepLimits', 'POST', 'player', w.noParams, playLimits, 'built'),
  /**
   * Not in §7 (ours): a time-out of 24 hours, 7 days or 6 weeks, confirmed with the password;
   * like self-exclusion it signs the player out and cannot be shortened.
   */
  setTimeOut: method(
    'account',
    'setTimeOut',
    'POST',
    'player',
    w.params({ period: w.oneOf(TIME_OUT_PERIODS), password: w.text({ max: 128 }) }),
    selfExclusion,
    'built',
  ),
  getInfo: method('account', 'getInfo', 'GET', 'player', w.noParams, accountInfo, 'built'),
  getBalance: method('account', 'getBalance', 'GET', 'player', w.noParams, balances, 'built'),
  getPersonalDataFields: method(
    'account',
    'getPersonalDataFields',
    'GET',
    'public',
    w.params({ country: w.optional(w.text({ max: 2, pattern: /^[A-Za-z]{2}$/ })) }),
    v.array(profileFieldDefinition),
    'built',
  ),
  getprofileinfo: method(
    'account',
    'getprofileinfo',
    'GET',
    'player',
    w.params({ fields: w.optional(w.list(['contacts', 'document'])) }),
    profile,
    'built',
  ),
  saveProfileInfo: method(
    'account',
    'saveProfileInfo',
    'POST',
    'player',
    w.params({
      first_name: w.optional(personName()),
      middle_name: w.optional(personName()),
      last_name: w.optional(personName()),
      sex: w.optional(w.integer({ min: 0, max: 2 })),
      birth_date: w.optional(w.text({ max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, code: 'date' })),
      document_type: w.optional(w.text({ max: 32 })),
      document_number: w.optional(w.text({ max: 32 })),
      country_code: w.optional(w.text({ max: 2, pattern: /^[A-Za-z]{2}$/ })),
      region: w.optional(w.text({ max: 64 })),
      home_town: w.optional(w.text({ max: 64 })),
      address: w.optional(
        w.text({ max: 128, pattern: /^[^@_"!?#$%^&*(){}[\]\\<>~§+:;`]+$/u, code: 'address' }),
      ),
      // §5 up to 8 digits by default, or the country's own format (its definition's regex, checked
      // on the server): a US ZIP+4 or a Brazilian CEP carries a hyphen. Digits, hyphens and
      // spaces only: every market the platform defines writes its postcodes so.
      postcode: w.optional(w.text({ max: 10, pattern: /^\d[\d -]{0,9}$/, code: 'postcode' })),
    }),
    ok,
    'built',
  ),
  sendconfirmationtocontact: method(
    'account',
    'sendconfirmationtocontact',
    'POST',
    'player',
    w.params({ contact: w.text({ max: 254 }) }),
    v.object({ resend_time: v.number() }),
    'built',
  ),
  setUserOnVerification: method(
    'account',
    'setUserOnVerification',
    'POST',
    'player',
    w.noParams,
    ok,
    'built',
  ),
  setCurrency: method(
    'account',
    'setCurrency',
    'POST',
    'player',
    w.params({ currency: w.text({ max: 3, pattern: /^[A-Z]{3}$/ }) }),
    ok,
    'built',
  ),
  unsubscribe: method(
    'account',
    'unsubscribe',
    'POST',
    'public',
    // §7 an account call: a signed-in player unsubscribes themselves (no token); a visitor gives
    // the token of a signed unsubscribe link (base64url payload, a dot, base64url signature).
    w.params({
      token: w.optional(w.text({ max: 512, pattern: /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/ })),
    }),
    unsubscribed,
    'built',
  ),
};
