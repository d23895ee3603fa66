import * as v from 'valibot';
import { SITE_CONFIG_SECTION_DEFAULTS } from './defaults.ts';

/**
 * The site-config sections that remotes read (§3 "Site config from the content service"), typed
 * with their defaults (`defaults.ts`). The platform reads the operator's `site-config` entry
 * through `readSiteConfigSections` when it builds `/nfx/cms-config`, so every remote gets typed,
 * already-defaulted data from shell-sdk's `useSiteConfig(section)` and bundles no schema.
 *
 * Objects are loose: an operator may add keys, and a key this version does not know passes
 * through untouched.
 */

const flag = v.boolean();
/** A count of seconds or minutes: finite and not negative (anything else takes the §9 default). */
const amount = v.pipe(v.number(), v.finite(), v.minValue(0));
const strings = v.array(v.string());

export const balanceRefreshSection = v.looseObject({
  isEnabledInterval: flag,
  countSecondsForInterval: amount,
  isEnabledTurnOffRequests: flag,
  countMinutesAfterWhichRequestsTurnedOff: amount,
  isEnabledRequestsAfterClick: flag,
  countSecondsForDelayBetweenClick: amount,
});

const toggle = <T extends v.GenericSchema>(defaultValue: T) =>
  v.looseObject({ isActive: flag, defaultValue });

/** §3 currency conditions: where the currency starts and where a country change takes it. */
const currencyChoice = v.picklist(['emptyValue', 'firstValue', 'selectedValue']);

/**
 * §3 "Auth type". `full` (every configured profile field, each required) is ours beside the
 * spec's form, fast and social; a type of another kind is dropped when read.
 */
export const authType = v.looseObject({
  id: v.optional(v.number()),
  __component: v.picklist(['form', 'fast', 'full', 'social']),
  label: v.optional(v.string()),
  field: v.optional(v.string()),
  isFast: v.optional(v.boolean()),
});

export const authSection = v.looseObject({
  authTypes: v.array(authType),
  registrationSettings: v.looseObject({
    terms: toggle(flag),
    notify: toggle(flag),
    markBetting: toggle(v.picklist(['betting', 'casino'])),
    showPromocode: flag,
    showPromoFieldByDefault: flag,
    showCharacterSelect: flag,
    confirmEmailPopup: flag,
  }),
  currencyConditions: v.looseObject({
    emptyValue: flag,
    defaultValue: currencyChoice,
    changeCountryValue: currencyChoice,
    changeCountryFallbackValue: currencyChoice,
  }),
  /** Ours: registration and sign-in offer only the social services. */
  socialOnly: flag,
  /** Ours: the social sign-in services the popup offers, by the platform's provider name. */
  socialProviders: v.array(v.pipe(v.string(), v.regex(/^[a-z0-9_-]+$/))),
});

/** §3 deposit amount presets: per currency, a list of `{ value }` (whole units). */
export const depositAmountPreset = v.looseObject({
  currency: v.string(),
  amount: v.array(v.looseObject({ value: v.number() })),
});

export const cashierSection = v.looseObject({
  depositAmounts: v.array(depositAmountPreset),
  availableCurrencies: strings,
  /** The payment methods as a `list` (one per row) or a `grid` of tiles. */
  depositViewType: v.picklist(['list', 'grid']),
  /** The deposit form `inline` under the methods, or on the method's own `page`. */
  detailDisplayPlace: v.picklist(['inline', 'page']),
  /** The §4 registration hint on the deposit page. */
  registrationHint: flag,
  /** The receipt facts (amount, method, date) on the payment result pages. */
  showReceiptBlock: flag,
  /** The provider's payment page in a `newWindow` or in the `sameWindow`. */
  paymentMethodUrlDisplayMode: v.picklist(['newWindow', 'sameWindow']),
  /** §8 what each operation requires of the player (read by the platform). */
  requirements: v.looseObject({ deposit: strings, withdrawal: strings }),
});

export const gamesSection = v.looseObject({
  /** Tiles `horizontal` (288×192, the §3 image) or `vertical` (portrait). */
  itemOrientation: v.picklist(['horizontal', 'vertical']),
  /** Whether a signed-in player with no money may open a real-money game. */
  zeroBalanceSlotAccess: flag,
  favouriteIcon: v.picklist(['heart', 'star']),
  /** Who sees the game page's full-screen button. */
  fullScreenVisibility: v.picklist(['all', 'telegram', 'product', 'none']),
  /** The gamehall as one grid of `items` or as rows per `categories`. */
  hallType: v.picklist(['items', 'categories']),
  /** The providers the hall lists first, in this order. */
  providers: strings,
  /** Ours: whether tiles show a game's return to player (a market may not allow it). */
  showRtp: flag,
});

/** A field of a configured form: a profile field sysname, or an entry naming one. */
const formField = v.union([v.string(), v.looseObject({ sysname: v.string() })]);

/**
 * A field of the profile form (issue #25): a sysname, or an entry naming one that the operator
 * may mark `lockedAfterVerification` (read-only once the player `is_verified`, §3; the server
 * refuses a change too). Identity data is locked whatever the entry says (see
 * `IDENTITY_LOCKED_FIELDS`).
 */
const profileFormField = v.union([
  v.string(),
  v.looseObject({ sysname: v.string(), lockedAfterVerification: v.optional(v.boolean()) }),
]);

/**
 * Ours (issue #25): what a verified player's identity document proved (names, birth date,
 * document, country) cannot be edited after verification on any operator's site (KYC, AML
 * directive art. 13): only staff may correct it.
 */
export const IDENTITY_LOCKED_FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'birth_date',
  'document_type',
  'document_number',
  'country_code',
] as const;

export const formsSection = v.looseObject({
  validationDictionary: v.record(v.string(), v.string()),
  /** Server error code → message key. */
  apiValidationErrors: v.record(v.string(), v.string()),
  registration: v.array(formField),
  restore: v.array(v.unknown()),
  profile: v.array(profileFormField),
  /**
   * §3 names `eager` or `onSubmit`; this site has always read `submit` for the latter, and an
   * unknown value (including `onSubmit`) validates eagerly, as before.
   */
  registrationValidationStrategy: v.picklist(['eager', 'submit']),
});

const count = v.pipe(v.number(), v.integer(), v.minValue(1));

/** Promotions and the bonus wallet (§9 page sizes). */
export const bonusesSection = v.looseObject({
  historyPageSize: count,
  freespinsFetchCount: count,
});

/** Tournaments (§3 lists grouped all, future, active, finished; §9 games page size). */
export const tournamentsSection = v.looseObject({
  gamesPageSize: count,
  defaultGroup: v.picklist(['all', 'future', 'active', 'finished']),
});

/** Loyalty notices (§9). */
export const loyaltySection = v.looseObject({
  noticeSeconds: amount,
  noticeSoundVolume: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  noticeDelayMs: amount,
});

/** The sportsbook (§3 General info: hasDigitan). */
export const bettingSection = v.looseObject({
  sportsbookSysname: v.string(),
});

/** §3 Support settings: one chat provider's config (support/getsettings answers the same). */
export const supportProviderConfig = v.looseObject({
  id: v.optional(v.string()),
  license: v.optional(v.string()),
  src: v.optional(v.string()),
  widget_id: v.optional(v.string()),
  lang: v.optional(v.string()),
});

/** §3 Support settings: the active chat provider and a config per provider. */
export const supportSection = v.looseObject({
  chat: v.string(),
  providers: v.record(v.string(), supportProviderConfig),
});

/**
 * Ours (issue #25 "a market may impose one"): the responsible-gaming rules of the markets the site
 * serves. `realityCheckByCountry`: a market that imposes reality checks, by the player's country
 * code (ISO 3166-1 alpha-2), with the longest interval in minutes its players may choose: they
 * may choose a shorter one, never a longer one or none. The platform enforces it.
 */
export const responsibleGamingSection = v.looseObject({
  realityCheckByCountry: v.record(
    v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
    v.picklist([15, 30, 60]),
  ),
});

export const SITE_CONFIG_SECTIONS = {
  balanceRefresh: balanceRefreshSection,
  auth: authSection,
  cashier: cashierSection,
  games: gamesSection,
  forms: formsSection,
  bonuses: bonusesSection,
  tournaments: tournamentsSection,
  loyalty: loyaltySection,
  betting: bettingSection,
  support: supportSection,
  responsibleGaming: responsibleGamingSection,
} as const;

export type SiteConfigSectionName = keyof typeof SITE_CONFIG_SECTIONS;
export type SiteConfigSections = {
  [S in SiteConfigSectionName]: v.InferOutput<(typeof SITE_CONFIG_SECTIONS)[S]>;
};
export type BalanceRefreshSiteConfig = SiteConfigSections['balanceRefresh'];
export type AuthSiteConfig = SiteConfigSections['auth'];
export type CashierSiteConfig = SiteConfigSections['cashier'];
export type GamesSiteConfig = SiteConfigSections['games'];
export type FormsSiteConfig = SiteConfigSections['forms'];
export type BonusesSiteConfig = SiteConfigSections['bonuses'];
export type TournamentsSiteConfig = SiteConfigSections['tournaments'];
export type LoyaltySiteConfig = SiteConfigSections['loyalty'];
export type BettingSiteConfig = SiteConfigSections['betting'];
export type SupportSiteConfig = SiteConfigSections['support'];
export type ResponsibleGamingSiteConfig = SiteConfigSections['responsibleGaming'];

type Read = { ok: true; value: unknown } | { ok: false };
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a value leniently against a schema (§8: loading content fails softly): a field that does
 * not pass keeps its default, a list keeps the items that pass, a map the entries that pass, and
 * an item without a default that does not pass is dropped. So a value an operator typed that this
 * version does not know never breaks a page, and everything handed on has its declared type.
 */
function lenient(schema: v.GenericSchema, raw: unknown, fallback: unknown): Read {
  const s = schema as v.GenericSchema & {
    entries?: Record<string, v.GenericSchema>;
    item?: v.GenericSchema;
    value?: v.GenericSchema;
    key?: v.GenericSchema;
  };
  const fallbackOr = (): Read => {
    if (fallback !== undefined) return { ok: true, value: fallback };
    const empty = v.safeParse(schema, undefined);
    return empty.success ? { ok: true, value: empty.output } : { ok: false };
  };
  if (s.type === 'loose_object' && s.entries) {
    if (!isRecord(raw)) return fallbackOr();
    const out: Record<string, unknown> = { ...raw };
    const defaults = isRecord(fallback) ? fallback : {};
    for (const [key, entry] of Object.entries(s.entries)) {
      const read = lenient(entry, raw[key], defaults[key]);
      if (!read.ok) return fallbackOr();
      if (read.value === undefined) delete out[key];
      else out[key] = read.value;
    }
    return { ok: true, value: out };
  }
  if (s.type === 'array' && s.item) {
    if (!Array.isArray(raw)) return fallbackOr();
    const item = s.item;
    return {
      ok: true,
      value: raw.flatMap((value) => {
        const read = lenient(item, value, undefined);
        return read.ok ? [read.value] : [];
      }),
    };
  }
  if (s.type === 'record' && s.value && s.key) {
    if (!isRecord(raw)) return fallbackOr();
    const { key: keySchema, value: valueSchema } = s;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (!v.is(keySchema, key)) continue;
      const read = lenient(valueSchema, value, undefined);
      if (read.ok) out[key] = read.value;
    }
    return { ok: true, value: out };
  }
  const parsed = v.safeParse(schema, raw);
  return parsed.success ? { ok: true, value: parsed.output } : fallbackOr();
}

/** One section of an operator's site config, read over its defaults. */
export function readSiteConfigSection<S extends SiteConfigSectionName>(
  section: S,
  raw: unknown,
): SiteConfigSections[S] {
  const read = lenient(SITE_CONFIG_SECTIONS[section], raw, SITE_CONFIG_SECTION_DEFAULTS[section]);
  return (read.ok ? read.value : SITE_CONFIG_SECTION_DEFAULTS[section]) as SiteConfigSections[S];
}

/**
 * A whole site config with every section read (`readSiteConfigSection`); the keys that are not
 * sections (logo, feature flags, …) pass through.
 */
export function readSiteConfigSections<T extends Record<string, unknown>>(
  siteConfig: T,
): T & SiteConfigSections {
  const out: Record<string, unknown> = { ...siteConfig };
  for (const section of Object.keys(SITE_CONFIG_SECTIONS) as SiteConfigSectionName[]) {
    out[section] = readSiteConfigSection(section, siteConfig[section]);
  }
  return out as T & SiteConfigSections;
}
