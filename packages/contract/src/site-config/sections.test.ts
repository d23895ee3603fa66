import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cmsConfigResponse } from '../content.ts';
import { SITE_CONFIG_SECTION_DEFAULTS } from './defaults.ts';
import {
  readSiteConfigSection,
  readSiteConfigSections,
  SITE_CONFIG_SECTIONS,
  type SiteConfigSectionName,
} from './sections.ts';

const SECTIONS = Object.keys(SITE_CONFIG_SECTIONS) as SiteConfigSectionName[];

describe('the site-config sections remotes read (§3)', () => {
  it('has a section for each feature and a default for each that its own schema accepts', () => {
    expect(SECTIONS.sort()).toEqual(
      [
        'auth',
        'balanceRefresh',
        'betting',
        'bonuses',
        'cashier',
        'forms',
        'games',
        'loyalty',
        'responsibleGaming',
        'support',
        'tournaments',
      ].sort(),
    );
    for (const section of SECTIONS) {
      const parsed = v.safeParse(
        SITE_CONFIG_SECTIONS[section],
        SITE_CONFIG_SECTION_DEFAULTS[section],
      );
      expect(parsed.success, section).toBe(true);
      expect(readSiteConfigSection(section, undefined), section).toEqual(
        SITE_CONFIG_SECTION_DEFAULTS[section],
      );
    }
  });

  it('games: takes every known value an operator set', () => {
    const games = {
      itemOrientation: 'vertical',
      zeroBalanceSlotAccess: false,
      favouriteIcon: 'star',
      fullScreenVisibility: 'telegram',
      hallType: 'items',
      providers: ['northstar', 'aurora'],
      showRtp: false,
    };
    expect(readSiteConfigSection('games', games)).toEqual(games);
  });

  it('games: keeps the default for values it does not know, and the list items that pass', () => {
    expect(
      readSiteConfigSection('games', {
        itemOrientation: 'diagonal',
        zeroBalanceSlotAccess: 'no',
        fullScreenVisibility: 'sometimes',
        providers: ['ok', 7],
        showRtp: 'no',
      }),
    ).toEqual({ ...SITE_CONFIG_SECTION_DEFAULTS.games, providers: ['ok'] });
  });

  it('cashier: takes the values it knows and keeps the defaults for anything else', () => {
    expect(
      readSiteConfigSection('cashier', {
        depositViewType: 'grid',
        detailDisplayPlace: 'page',
        registrationHint: true,
        showReceiptBlock: false,
        paymentMethodUrlDisplayMode: 'sameWindow',
      }),
    ).toEqual({
      ...SITE_CONFIG_SECTION_DEFAULTS.cashier,
      depositViewType: 'grid',
      detailDisplayPlace: 'page',
      registrationHint: true,
      showReceiptBlock: false,
      paymentMethodUrlDisplayMode: 'sameWindow',
    });
    expect(
      readSiteConfigSection('cashier', {
        depositViewType: 'carousel',
        registrationHint: 'yes',
        paymentMethodUrlDisplayMode: 'iframe',
      }),
    ).toEqual(SITE_CONFIG_SECTION_DEFAULTS.cashier);
  });

  it('cashier depositAmounts: keeps the operator’s presets and drops entries it cannot read', () => {
    expect(
      readSiteConfigSection('cashier', {
        depositAmounts: [
          { currency: 'EUR', amount: [{ value: 15 }, { value: 'x' }, 'y', { value: 75 }] },
          { currency: 7, amount: [{ value: 1 }] },
          { currency: 'USD' },
          'BRL',
        ],
      }).depositAmounts,
    ).toEqual([{ currency: 'EUR', amount: [{ value: 15 }, { value: 75 }] }]);
    expect(readSiteConfigSection('cashier', { depositAmounts: 'many' }).depositAmounts).toEqual([]);
  });

  it('balanceRefresh: the site config, and the §9 default for a missing or broken value', () => {
    expect(
      readSiteConfigSection('balanceRefresh', {
        isEnabledInterval: false,
        countSecondsForInterval: 30,
        isEnabledTurnOffRequests: 'yes',
        countMinutesAfterWhichRequestsTurnedOff: -1,
        countSecondsForDelayBetweenClick: Number.NaN,
      }),
    ).toEqual({
      isEnabledInterval: false,
      countSecondsForInterval: 30,
      isEnabledTurnOffRequests: true,
      countMinutesAfterWhichRequestsTurnedOff: 5,
      isEnabledRequestsAfterClick: true,
      countSecondsForDelayBetweenClick: 1,
    });
  });

  it('auth: drops registration types of an unknown kind and reads each setting on its own', () => {
    const auth = readSiteConfigSection('auth', {
      authTypes: [
        { id: 1, __component: 'form', label: 'Email', field: 'email' },
        { id: 3, __component: 'wizard', label: 'Unknown' },
      ],
      registrationSettings: {
        markBetting: { isActive: true, defaultValue: 'casino' },
        terms: { isActive: 'yes', defaultValue: true },
      },
      currencyConditions: { defaultValue: 'selectedValue', changeCountryValue: 'nonsense' },
      socialProviders: ['google', 'Bad Name', 3],
    });
    expect(auth.authTypes.map((t) => t.__component)).toEqual(['form']);
    expect(auth.registrationSettings.markBetting).toEqual({
      isActive: true,
      defaultValue: 'casino',
    });
    expect(auth.registrationSettings.terms).toEqual({ isActive: true, defaultValue: true });
    expect(auth.registrationSettings.showPromocode).toBe(true);
    expect(auth.currencyConditions.defaultValue).toBe('selectedValue');
    expect(auth.currencyConditions.changeCountryValue).toBe('selectedValue');
    expect(auth.socialProviders).toEqual(['google']);
  });

  it('forms: keeps the fields it can name and the string messages', () => {
    const forms = readSiteConfigSection('forms', {
      registration: ['first_name', { sysname: 'sex' }, 7],
      apiValidationErrors: { email_taken: 'errors.email', bad: 3 },
      registrationValidationStrategy: 'later',
    });
    expect(forms.registration).toEqual(['first_name', { sysname: 'sex' }]);
    expect(forms.apiValidationErrors).toEqual({ email_taken: 'errors.email' });
    expect(forms.registrationValidationStrategy).toBe('eager');
  });

  it('passes keys it does not know through, in a section and beside the sections', () => {
    const config = readSiteConfigSections({
      logo: { desktop: '/a.svg' },
      embedOrigins: ['https://partner.example'],
      auth: { socialOnly: true, ours: 1 },
      support: { chat: 'livechat', providers: { livechat: { license: '123' }, bad: 'x' } },
    });
    expect(config.logo).toEqual({ desktop: '/a.svg' });
    expect(config.embedOrigins).toEqual(['https://partner.example']);
    expect(config.auth.socialOnly).toBe(true);
    expect((config.auth as Record<string, unknown>).ours).toBe(1);
    expect(config.support).toEqual({
      chat: 'livechat',
      providers: { livechat: { license: '123' } },
    });
    expect(config.games).toEqual(SITE_CONFIG_SECTION_DEFAULTS.games);
  });

  it('what the platform hands on passes the cms-config schema whatever the operator typed', () => {
    const siteConfig = readSiteConfigSections({
      logo: { desktop: '/l.svg', mobile: '/m.svg', dark: '/d.svg' },
      features: {
        twoFactor: true,
        identityVerification: true,
        responsibleGaming: true,
        betHistory: true,
        bettingNotice: false,
        clickableTitle: true,
      },
      validator: {},
      games: 'broken',
      cashier: { depositAmounts: [null] },
      bonuses: { historyPageSize: 0 },
      loyalty: { noticeSoundVolume: 3 },
    });
    expect(siteConfig.bonuses.historyPageSize).toBe(4);
    expect(siteConfig.loyalty.noticeSoundVolume).toBe(0.5);
    const commonContent = {
      menuLinks: [],
      profileLinks: [],
      mobileBottomMenu: [],
      footerLinks: [],
      userMenuLinks: [],
      socialItemsList: [],
      paymentMethods: [],
      confirmHint: { showConfirmContactsHint: false, pageExceptions: [] },
      offers: {},
      localeDetectStrategy: 'url',
      customCode: null,
      iconsFlag: true,
      ratingSites: [],
    };
    const parsed = v.safeParse(cmsConfigResponse, { locale: 'en-US', siteConfig, commonContent });
    expect(parsed.issues).toBeUndefined();
  });
});
