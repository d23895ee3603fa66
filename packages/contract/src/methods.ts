import * as v from 'valibot';
import { defineMethod, type Access, type MethodStatus } from './define-method.ts';
import * as e from './entities.ts';
import * as w from './wire.ts';

/**
 * Every application-API method of spec §7, one entry each, in the §7 order. The server's `/api`
 * routes are generated from this registry and the api-client is typed from it.
 */
const ok = v.literal(1);
const anything = v.unknown();
const fieldsParam = w.optional(w.text({ max: 500 }));
const paging = {
  offset: w.optional(w.integer({ min: 0 })),
  count: w.optional(w.integer({ min: 1, max: 100 })),
};

function method<
  const M extends string,
  const N extends string,
  P extends v.GenericSchema,
  R extends v.GenericSchema,
>(
  module: M,
  name: N,
  http: 'GET' | 'POST',
  access: Access,
  params: P,
  response: R,
  status: MethodStatus,
) {
  return defineMethod({ module, method: name, http, access, params, response, status });
}

/** §5 name rule: no digits and none of @ _ " ! ? # $ % ^ & * ( ) { } [ ] | / \ < > ~ § + : ; ` */
const personName = () =>
  w.text({ max: 64, pattern: /^[^\d@_"!?#$%^&*(){}[\]|/\\<>~§+:;`]+$/u, code: 'name' });

/** §5 fake name: at least 4 characters, no comma, underscore, space, quotes, hyphen or specials. */
const fakename = () =>
  w.text({
    min: 4,
    max: 32,
    pattern: /^[^,_\s'"`\-!@#$%^&*()+=[\]{};:\\|<>/?~§]+$/,
    code: 'fakename',
  });

const twoFactorStarted = v.object({ two_factor_auth: v.boolean(), resend_time: v.number() });
/** What an unsubscribe link switched off: the kind of contact only, never the address. */
const unsubscribed = v.object({
  contact_type: v.picklist(['email', 'phone']),
  unsubscribed: v.literal(true),
});

export const account = {
  addcontact: method(
    'account',
    'addcontact',
    'POST',
    'player',
    w.params({ contact: w.text({ max: 254 }), phone_country_code: w.optional(w.text({ max: 8 })) }),
    e.contact,
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
    v.array(e.phoneCountryOption),
    'built',
  ),
  getcurrencyrates: method(
    'account',
    'getcurrencyrates',
    'GET',
    'public',
    w.noParams,
    v.array(e.currencyRate),
    'built',
  ),
  getDepositLimit: method(
    'account',
    'getDepositLimit',
    'GET',
    'player',
    w.noParams,
    anything,
    'planned',
  ),
  getInfo: method('account', 'getInfo', 'GET', 'player', w.noParams, e.accountInfo, 'built'),
  getBalance: method('account', 'getBalance', 'GET', 'player', w.noParams, e.balances, 'built'),
  getPersonalDataFields: method(
    'account',
    'getPersonalDataFields',
    'GET',
    'public',
    w.params({ country: w.optional(w.text({ max: 2, pattern: /^[A-Za-z]{2}$/ })) }),
    v.array(e.profileFieldDefinition),
    'built',
  ),
  getprofileinfo: method(
    'account',
    'getprofileinfo',
    'GET',
    'player',
    w.params({ fields: w.optional(w.list(['contacts', 'document'])) }),
    e.profile,
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
      postcode: w.optional(w.text({ max: 8, pattern: /^\d{1,8}$/, code: 'postcode' })),
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
    anything,
    'planned',
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
    // The token of a signed unsubscribe link (base64url payload, a dot, base64url signature).
    w.params({ token: w.text({ max: 512, pattern: /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/ }) }),
    unsubscribed,
    'built',
  ),
};

export const loginSuccess = v.object({ uid: v.number(), two_factor_auth: v.literal(false) });
export const loginTwoFactor = v.object({
  two_factor_auth: v.literal(true),
  resend_time: v.number(),
});

const registrationParams = w.params({
  login: w.optional(w.text({ max: 64 })),
  email: w.optional(w.email()),
  phone: w.optional(w.phone()),
  password: w.password(),
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
  last_name: w.optional(personName()),
  birth_date: w.optional(w.text({ max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, code: 'date' })),
  country_code: w.optional(w.text({ max: 2, pattern: /^[A-Za-z]{2}$/ })),
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
      code: w.optional(w.verificationCode()),
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
    v.union([v.object({ sent: v.literal(true), resend_time: v.number() }), loginSuccess]),
    'built',
  ),
  register: method('auth', 'register', 'POST', 'public', registrationParams, loginSuccess, 'built'),
};

const bonusId = w.params({ bonus_id: w.integer({ min: 1 }) });
const list = (item: v.GenericSchema = anything) => e.listOf(item);

export const banners = {
  get: method(
    'banners',
    'get',
    'GET',
    'public',
    w.params({ ...paging, fields: fieldsParam }),
    list(),
    'planned',
  ),
};
export const bettingBonuses = {
  activate: method('bettingbonuses', 'activate', 'POST', 'player', bonusId, ok, 'planned'),
  get: method('bettingbonuses', 'get', 'GET', 'player', w.noParams, list(), 'planned'),
  remove: method('bettingbonuses', 'remove', 'POST', 'player', bonusId, ok, 'planned'),
};
export const bonuses = {
  activate: method('bonuses', 'activate', 'POST', 'player', bonusId, ok, 'planned'),
  deactivate: method('bonuses', 'deactivate', 'POST', 'player', bonusId, ok, 'planned'),
  get: method(
    'bonuses',
    'get',
    'GET',
    'player',
    w.params({ ...paging, fields: fieldsParam, status: w.optional(w.text({ max: 64 })) }),
    list(),
    'planned',
  ),
  remove: method('bonuses', 'remove', 'POST', 'player', bonusId, ok, 'planned'),
};
export const campaigns = {
  activateOffer: method(
    'campaigns',
    'activateOffer',
    'POST',
    'player',
    w.params({ promo_code: w.text({ max: 64 }), fields: fieldsParam }),
    anything,
    'planned',
  ),
  checkPromocode: method(
    'campaigns',
    'checkPromocode',
    'POST',
    'public',
    w.params({ promo_code: w.text({ max: 64 }) }),
    anything,
    'planned',
  ),
  getoffers: method('campaigns', 'getoffers', 'GET', 'public', w.noParams, list(), 'planned'),
  takepromotions: method(
    'campaigns',
    'takepromotions',
    'POST',
    'player',
    w.params({ offer_id: w.integer({ min: 1 }) }),
    anything,
    'planned',
  ),
};
export const cashbacks = {
  get: method(
    'cashbacks',
    'get',
    'GET',
    'player',
    w.params({
      ...paging,
      sort: w.optional(w.text({ max: 32 })),
      order: w.optional(w.oneOf(['asc', 'desc'])),
      statuses: w.optional(w.text({ max: 200 })),
      fields: fieldsParam,
    }),
    list(),
    'planned',
  ),
  payout: method(
    'cashbacks',
    'payout',
    'POST',
    'player',
    w.params({ cashback_id: w.integer({ min: 1 }) }),
    ok,
    'planned',
  ),
  remove: method(
    'cashbacks',
    'remove',
    'POST',
    'player',
    w.params({ cashback_id: w.integer({ min: 1 }) }),
    ok,
    'planned',
  ),
};
const historyType = w.oneOf(['deposit', 'withdrawal', 'bonuses', 'cashbacks']);
export const cashier = {
  cancelwithdrawal: method(
    'cashier',
    'cancelwithdrawal',
    'POST',
    'player',
    w.params({ id: w.integer({ min: 1 }) }),
    ok,
    'planned',
  ),
  getbanks: method('cashier', 'getbanks', 'GET', 'player', w.noParams, anything, 'planned'),
  getdepositinfo: method(
    'cashier',
    'getdepositinfo',
    'GET',
    'player',
    w.params({ id: w.integer({ min: 1 }) }),
    anything,
    'planned',
  ),
  getdepositsettings: method(
    'cashier',
    'getdepositsettings',
    'GET',
    'player',
    w.noParams,
    anything,
    'planned',
  ),
  gethistory: method(
    'cashier',
    'gethistory',
    'GET',
    'player',
    w.params({
      ...paging,
      type: w.optional(historyType),
      statuses: w.optional(w.text({ max: 200 })),
    }),
    list(),
    'planned',
  ),
  getwithdrawsettings: method(
    'cashier',
    'getwithdrawsettings',
    'GET',
    'player',
    w.noParams,
    anything,
    'planned',
  ),
  makedeposit: method(
    'cashier',
    'makedeposit',
    'POST',
    'player',
    w.params({
      method: w.text({ max: 64 }),
      amount: w.text({ max: 20, pattern: /^\d+(\.\d{1,2})?$/, code: 'sum' }),
      campaign_offer_id: w.optional(w.integer({ min: 1 })),
      requisites: w.optional(w.text({ max: 2000 })),
    }),
    anything,
    'planned',
  ),
  makewithdrawal: method(
    'cashier',
    'makewithdrawal',
    'POST',
    'player',
    w.params({
      method: w.text({ max: 64 }),
      amount: w.text({ max: 20, pattern: /^\d+(\.\d{1,2})?$/, code: 'sum' }),
      requisites: w.optional(w.text({ max: 2000 })),
    }),
    anything,
    'planned',
  ),
};
export const freespins = {
  get: method(
    'freespins',
    'get',
    'GET',
    'player',
    w.params({
      fields: fieldsParam,
      status: w.optional(w.text({ max: 32 })),
      count: w.optional(w.integer({ min: 1, max: 99 })),
    }),
    list(e.freespinPack),
    'built',
  ),
};
export const chat = {
  storeChatEvent: method(
    'chat',
    'storeChatEvent',
    'POST',
    'player',
    w.params({
      channel_id: w.text({ max: 128 }),
      conversation_id: w.text({ max: 128 }),
      text: w.text({ max: 4000 }),
      event: w.oneOf(['sent', 'received']),
    }),
    ok,
    'planned',
  ),
};
const gamesQuery = v.object(
  {
    sysname: v.optional(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length'))),
    providers: v.optional(
      v.array(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length')), 'wrong_field'),
    ),
    category: v.optional(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length'))),
    search: v.optional(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length'))),
    offset: v.optional(
      v.pipe(v.number('wrong_field'), v.integer('wrong_field'), v.minValue(0, 'min_value')),
    ),
    limit: v.optional(
      v.pipe(
        v.number('wrong_field'),
        v.integer('wrong_field'),
        v.minValue(1, 'min_value'),
        v.maxValue(200, 'max_value'),
      ),
    ),
  },
  'wrong_field',
);
const sysnameParam = w.params({ sysname: w.text({ max: 128 }) });
export const games = {
  get: method(
    'games',
    'get',
    'GET',
    'public',
    w.params({ options: w.optional(w.json(gamesQuery)) }),
    list(e.game),
    'built',
  ),
  getLikes: method(
    'games',
    'getLikes',
    'GET',
    'player',
    w.noParams,
    v.object({ sysnames: v.array(v.string()) }),
    'built',
  ),
  addLike: method('games', 'addLike', 'POST', 'player', sysnameParam, ok, 'planned'),
  removeLike: method('games', 'removeLike', 'POST', 'player', sysnameParam, ok, 'planned'),
  getCategories: method('games', 'getCategories', 'GET', 'public', w.noParams, list(), 'planned'),
  getProviders: method(
    'games',
    'getProviders',
    'GET',
    'public',
    w.params({ fields: fieldsParam, types: w.optional(w.text({ max: 200 })) }),
    list(e.provider),
    'built',
  ),
  getHistory: method(
    'games',
    'getHistory',
    'GET',
    'player',
    w.params({ ...paging }),
    list(),
    'planned',
  ),
  gethistoryexportrequest: method(
    'games',
    'gethistoryexportrequest',
    'GET',
    'player',
    w.noParams,
    anything,
    'planned',
  ),
  createhistoryexportrequest: method(
    'games',
    'createhistoryexportrequest',
    'POST',
    'player',
    w.noParams,
    anything,
    'planned',
  ),
};
export const jackpots = {
  get: method('jackpots', 'get', 'GET', 'public', w.noParams, list(), 'planned'),
  getWinners: method(
    'jackpots',
    'getWinners',
    'GET',
    'public',
    w.params({ ...paging }),
    list(),
    'planned',
  ),
};
export const leaderboard = {
  get: method(
    'leaderboard',
    'get',
    'GET',
    'public',
    w.params({ id: w.optional(w.integer({ min: 1 })) }),
    anything,
    'planned',
  ),
  live: method(
    'leaderboard',
    'live',
    'GET',
    'public',
    w.params({ id: w.optional(w.integer({ min: 1 })) }),
    anything,
    'planned',
  ),
  top: method(
    'leaderboard',
    'top',
    'GET',
    'public',
    w.params({ id: w.optional(w.integer({ min: 1 })) }),
    anything,
    'planned',
  ),
};
export const loyalty = {
  buyproduct: method(
    'loyalty',
    'buyproduct',
    'POST',
    'player',
    w.params({ product_id: w.integer({ min: 1 }) }),
    anything,
    'planned',
  ),
  getcharacters: method(
    'loyalty',
    'getcharacters',
    'GET',
    'public',
    w.params({
      offset: w.optional(w.integer({ min: 0 })),
      limit: w.optional(w.integer({ min: 1, max: 100 })),
    }),
    v.object({
      items: v.array(e.character),
      offset: v.number(),
      limit: v.number(),
      total: v.number(),
    }),
    'built',
  ),
  getinfo: method('loyalty', 'getinfo', 'GET', 'player', w.noParams, e.loyaltyInfo, 'built'),
  getnotifications: method(
    'loyalty',
    'getnotifications',
    'GET',
    'player',
    w.noParams,
    list(),
    'planned',
  ),
  getproducts: method('loyalty', 'getproducts', 'GET', 'public', w.noParams, list(), 'planned'),
  setcharacter: method(
    'loyalty',
    'setcharacter',
    'POST',
    'player',
    w.params({ id: w.integer({ min: 1 }) }),
    ok,
    'planned',
  ),
  getPrograms: method('loyalty', 'getPrograms', 'GET', 'public', w.noParams, list(), 'planned'),
  getProgram: method(
    'loyalty',
    'getProgram',
    'GET',
    'public',
    w.params({ sysname: w.text({ max: 128 }) }),
    anything,
    'planned',
  ),
};
export const metadata = {
  get: method(
    'metadata',
    'get',
    'GET',
    'public',
    w.noParams,
    v.object({
      locales: v.array(e.localeEntity),
      defaultLocale: v.string(),
      currencies: v.array(e.currencyRate),
      countries: v.array(v.object({ code: v.string(), name: v.string() })),
    }),
    'built',
  ),
  getgeneralinfo: method(
    'metadata',
    'getgeneralinfo',
    'GET',
    'public',
    w.noParams,
    e.generalInfo,
    'built',
  ),
};
export const popups = {
  get: method('popups', 'get', 'GET', 'public', w.noParams, list(), 'planned'),
};
export const storage = {
  /** `keys`: comma-joined; answers the stored ones as key → value (absent keys are left out). */
  get: method(
    'storage',
    'get',
    'GET',
    'player',
    w.params({ keys: w.text({ max: 2000 }) }),
    v.record(v.string(), v.string()),
    'built',
  ),
  getKeys: method('storage', 'getKeys', 'GET', 'player', w.noParams, v.array(v.string()), 'built'),
  /**
   * An empty value removes the key. The 4 KB per value and 64 KB per player quotas answer
   * StorageQuotaExceeded, so the wire limit here is the larger form-field limit.
   */
  set: method(
    'storage',
    'set',
    'POST',
    'player',
    w.params({
      key: w.text({ max: 128 }),
      // Kept as sent (no trimming): a stored value comes back byte for byte.
      value: v.pipe(v.string('wrong_field'), v.maxLength(64 * 1024, 'max_length')),
    }),
    ok,
    'built',
  ),
};
export const sumsub = {
  createApplicant: method(
    'sumsub',
    'createApplicant',
    'POST',
    'player',
    w.noParams,
    anything,
    'planned',
  ),
  getAccessToken: method(
    'sumsub',
    'getAccessToken',
    'POST',
    'player',
    w.params({ externalActionId: w.optional(w.text({ max: 128 })) }),
    v.object({ token: v.string() }),
    'planned',
  ),
};
/** §3 Support settings: the active chat provider and a config object per provider. */
const supportSettings = v.object({
  chat: v.nullable(v.string()),
  config: v.record(
    v.string(),
    v.looseObject({
      id: v.optional(v.string()),
      license: v.optional(v.string()),
      src: v.optional(v.string()),
      widget_id: v.optional(v.string()),
      lang: v.optional(v.string()),
    }),
  ),
});

export const support = {
  getsettings: method(
    'support',
    'getsettings',
    'GET',
    'public',
    w.noParams,
    supportSettings,
    'built',
  ),
  sendFeedback: method(
    'support',
    'sendFeedback',
    'POST',
    'public',
    w.params({ email: w.optional(w.email()), message: w.text({ max: 4000 }) }),
    ok,
    'planned',
  ),
};
export const tournaments = {
  get: method(
    'tournaments',
    'get',
    'GET',
    'public',
    w.params({
      ...paging,
      ids: w.optional(w.text({ max: 500 })),
      fields: fieldsParam,
      status: w.optional(w.oneOf(['all', 'future', 'active', 'finished'])),
    }),
    anything,
    'planned',
  ),
  participate: method(
    'tournaments',
    'participate',
    'POST',
    'player',
    w.params({ tournament_id: w.integer({ min: 1 }) }),
    ok,
    'planned',
  ),
};
export const events = {
  handle: method(
    'events',
    'handle',
    'GET',
    'public',
    w.params({ event_name: w.text({ max: 128 }), event_params: w.optional(w.text({ max: 4000 })) }),
    anything,
    'planned',
  ),
};

export const api = {
  account,
  auth,
  banners,
  bettingbonuses: bettingBonuses,
  bonuses,
  campaigns,
  cashbacks,
  cashier,
  freespins,
  chat,
  games,
  jackpots,
  leaderboard,
  loyalty,
  metadata,
  popups,
  storage,
  sumsub,
  support,
  tournaments,
  events,
} as const;

export type Api = typeof api;
export type ModuleName = keyof Api;
export type MethodName<M extends ModuleName> = keyof Api[M] & string;
