import * as v from 'valibot';

/**
 * Entities of spec §3 as they travel in `data`. Money is a decimal string in the currency's
 * number of decimals (`{"amount": "12.50", "currency": "EUR"}`); integer minor units inside.
 */
export const money = v.object({
  amount: v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/)),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
});
export type Money = v.InferOutput<typeof money>;

const nullableString = v.nullable(v.string());

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

export const generalInfo = v.object({
  analytic: v.record(v.string(), v.unknown()),
  available_currencies: v.record(v.string(), v.string()),
  available_locales: v.array(v.string()),
  default_currency: v.string(),
  is_seon_enabled: v.boolean(),
  domain_state: v.string(),
  domain_type: v.string(),
  is_bonus_isolation_enabled: v.boolean(),
  time_to_force_logout: v.number(),
  is_game_history_export_enabled: v.boolean(),
  user_inactivity_cashier_time: v.number(),
  user_inactivity_pp_time: v.number(),
});

export const localeEntity = v.object({
  code: v.string(),
  name: v.string(),
  isDefault: v.boolean(),
});

export const currencyRate = v.object({
  code: v.string(),
  symbol: v.string(),
  decimals: v.number(),
  /** Units of this currency for one EUR, as a decimal string. */
  rate: v.string(),
});

export const game = v.object({
  sysname: v.string(),
  name: v.string(),
  provider: v.object({ sysname: v.string(), game_params: v.record(v.string(), v.unknown()) }),
  image_url: nullableString,
  tags: v.array(v.string()),
  description: v.object({ name: v.optional(v.string()), image: v.optional(v.string()) }),
});

export const provider = v.object({
  sysname: v.string(),
  name: v.string(),
  image_url: nullableString,
  type: v.string(),
});

export const character = v.object({
  id: v.number(),
  sysname: v.string(),
  name: v.string(),
  image_url: nullableString,
});

export const loyaltyInfo = v.object({
  id: v.number(),
  uid: v.number(),
  is_active: v.boolean(),
  points: v.number(),
  character: v.nullable(character),
  levels: v.array(v.object({ level: v.number(), name: v.string(), points_from: v.number() })),
  pointsAlias: v.string(),
});

export const freespinPack = v.object({
  id: v.number(),
  game: v.object({ sysname: v.string() }),
  remaining_count: v.number(),
  status: v.string(),
});

export const listOf = <S extends v.GenericSchema>(item: S) =>
  v.object({ items: v.array(item), total: v.number() });
