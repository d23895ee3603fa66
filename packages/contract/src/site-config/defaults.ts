import type { SiteConfigSectionName, SiteConfigSections } from './sections.ts';

/**
 * The defaults of the site-config sections that remotes read (§3 "Site config", §9 where the
 * spec names a value). Plain data with no valibot in it, so the browser may import this module
 * (`@northstar/contract/site-config-defaults`): shell-sdk's `useSiteConfig` answers these until
 * (or unless) `/nfx/cms-config` has loaded. The platform reads the operator's entry over the same
 * table with the schemas of `sections.ts` (server side only).
 */
export const SITE_CONFIG_SECTION_DEFAULTS: SiteConfigSections = {
  // §9 balance refresh: interval 10 s, 1 s between clicks, stop requests after 5 minutes.
  balanceRefresh: {
    isEnabledInterval: true,
    countSecondsForInterval: 10,
    isEnabledTurnOffRequests: true,
    countMinutesAfterWhichRequestsTurnedOff: 5,
    isEnabledRequestsAfterClick: true,
    countSecondsForDelayBetweenClick: 1,
  },
  auth: {
    authTypes: [{ id: 1, __component: 'form', label: 'Email', field: 'email', isFast: false }],
    registrationSettings: {
      terms: { isActive: true, defaultValue: false },
      notify: { isActive: true, defaultValue: false },
      markBetting: { isActive: false, defaultValue: 'betting' },
      showPromocode: true,
      showPromoFieldByDefault: false,
      showCharacterSelect: false,
      confirmEmailPopup: false,
    },
    currencyConditions: {
      emptyValue: false,
      defaultValue: 'firstValue',
      changeCountryValue: 'selectedValue',
      changeCountryFallbackValue: 'firstValue',
    },
    socialOnly: false,
    // Ours: the social sign-in services the popup offers (the platform's providers by name).
    socialProviders: [],
  },
  cashier: {
    depositAmounts: [],
    availableCurrencies: [],
    depositViewType: 'list',
    detailDisplayPlace: 'inline',
    registrationHint: false,
    showReceiptBlock: true,
    paymentMethodUrlDisplayMode: 'newWindow',
    // §8 what each operation requires of the player (platform modules/cashier/requirements.ts).
    requirements: { deposit: [], withdrawal: [] },
  },
  games: {
    itemOrientation: 'horizontal',
    zeroBalanceSlotAccess: true,
    favouriteIcon: 'heart',
    fullScreenVisibility: 'all',
    hallType: 'categories',
    providers: [],
    // Ours: whether tiles show each game's return to player (a market may hide it).
    showRtp: true,
  },
  forms: {
    validationDictionary: {},
    apiValidationErrors: {},
    registration: [],
    restore: [],
    profile: [],
    registrationValidationStrategy: 'eager',
  },
  // §9: history page size 4 per tab, free spins fetched 99 at a time.
  bonuses: { historyPageSize: 4, freespinsFetchCount: 99 },
  // §9: tournament games page size 12. Ours: the list opens on the active tournaments.
  tournaments: { gamesPageSize: 12, defaultGroup: 'active' },
  // §9: loyalty notice shown 5 s, sound volume 0.5, delay 300 ms.
  loyalty: { noticeSeconds: 5, noticeSoundVolume: 0.5, noticeDelayMs: 300 },
  // §3 General info: the sportsbook is the game with sysname dgt_sportsbook (hasDigitan).
  betting: { sportsbookSysname: 'dgt_sportsbook' },
  // §3 Support settings: no chat provider until the operator names one (§9: then skipped).
  support: { chat: '', providers: {} },
  // Ours (issue #25): Great Britain's players get a reality check at least every 60 minutes, the
  // longest interval offered (a regulated market's reminder; an operator's entry may name others).
  responsibleGaming: { realityCheckByCountry: { GB: 60 } },
};

/** The defaults of one section (a fresh reference is not needed: callers never mutate). */
export function siteConfigDefaults<S extends SiteConfigSectionName>(
  section: S,
): SiteConfigSections[S] {
  return SITE_CONFIG_SECTION_DEFAULTS[section];
}

/**
 * The same table as the module's default export: shell-sdk downloads this module on demand, and
 * `default` is the shortest name its first-page code can read it by (#23, the `/` JS budget).
 */
export default SITE_CONFIG_SECTION_DEFAULTS;
