import {
  readSiteConfigSections,
  SITE_CONFIG_SECTION_DEFAULTS,
  type CmsConfigResponse,
} from '@northstar/contract';
import type { AppContext } from '../context.ts';
import { contentCacheOf } from './content-cache.ts';
import { entriesOf } from './store.ts';
import { FILE_KEYS } from './upload.ts';
import { isRecord } from '../lib/input.ts';

/**
 * `/nfx/cms-config/{locale}`: the site config and the common content of §3, assembled from the
 * content backend. Whatever the `site-config` entry of the locale leaves out takes the defaults
 * below (§9 where the spec names a value); the sections remotes read (`games`, `cashier`, `auth`,
 * `forms`, `balanceRefresh`, …) are then read with the contract's schemas, so a remote gets them
 * typed and defaulted (shell-sdk `useSiteConfig`) and parses nothing in the browser.
 */
export const SITE_CONFIG_DEFAULTS = {
  logo: { desktop: '/logo.svg', mobile: '/logo-mobile.svg', dark: '/logo-dark.svg' },
  // §2 "Icons come from site settings default-image keys": the icon of each system page.
  defaultImages: {
    maintenance: '/icons/system-maintenance.svg',
    notFound: '/icons/system-not-found.svg',
    forbidden: '/icons/system-forbidden.svg',
    userBlocked: '/icons/system-user-blocked.svg',
    errorsSlot: '/icons/system-errors-slot.svg',
    payCancel: '/icons/system-pay-cancel.svg',
    payFail: '/icons/system-pay-fail.svg',
    payMobile: '/icons/system-pay-mobile.svg',
    payNewWindow: '/icons/system-pay-new-window.svg',
    paySuccess: '/icons/system-pay-success.svg',
  },
  features: {
    twoFactor: true,
    identityVerification: true,
    responsibleGaming: true,
    betHistory: true,
    bettingNotice: false,
    clickableTitle: true,
  },
  validator: { passwordMinLength: 6, passwordMaxLength: 20, codeLength: 6, fakenameMinLength: 4 },
  // The sections remotes read: their defaults live with their schemas in the contract.
  ...SITE_CONFIG_SECTION_DEFAULTS,
};

export const COMMON_CONTENT_DEFAULTS = {
  paymentMethods: [] as unknown[],
  confirmHint: { showConfirmContactsHint: false, pageExceptions: [] as string[] },
  offers: {
    showPromocodeSwitcher: true,
    cashbackIntervalView: 'days',
    bonusesSwitchOrder: ['casino', 'betting'],
  },
  localeDetectStrategy: 'url',
  iconsFlag: true,
  ratingSites: [] as unknown[],
};

/** Menu types of the content backend and their key in the common content. */
const MENUS = {
  menuLinks: 'menu-links',
  profileLinks: 'profile-links',
  mobileBottomMenu: 'mobile-bottom-menu',
  footerLinks: 'footer-links',
  userMenuLinks: 'user-menu-links',
  socialItemsList: 'social-items-list',
} as const;

/** Objects merge key by key; arrays and scalars of the entry replace the default. */
export function deepMerge<T>(base: T, override: unknown): T {
  if (!isRecord(base) || !isRecord(override))
    return (override === undefined ? base : override) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    out[key] = deepMerge(out[key], value);
  }
  return out as T;
}

function withoutEntryKeys({ id: _id, order: _order, ...rest }: Record<string, unknown>) {
  return rest;
}

/** The keys a media object of the content backend may have (Strapi's upload file). */
const MEDIA_KEYS = new Set<string>(FILE_KEYS);

function isMedia(value: Record<string, unknown>): boolean {
  return typeof value.url === 'string' && Object.keys(value).every((key) => MEDIA_KEYS.has(key));
}

/**
 * §3: "CMS attributes are flattened and media fields become their url". A media object (only
 * upload-file keys and a `url`) becomes that URL, anywhere in the tree; links, which carry a
 * label beside their url, stay objects.
 */
export function flattenMedia(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(flattenMedia);
  if (!isRecord(value)) return value;
  if (isMedia(value)) return value.url;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = flattenMedia(item);
  return out;
}

/**
 * The cms-config of a locale: from the server's content cache (content-cache.ts), which drops it
 * on every content write of any instance; assembled from the database when it is not cached.
 */
export async function cmsConfig(app: AppContext, locale: string): Promise<CmsConfigResponse> {
  const cache = contentCacheOf(app);
  if (!cache) return assembleCmsConfig(app, locale);
  return cache.get(`cms-config:${locale}`, () => assembleCmsConfig(app, locale));
}

async function assembleCmsConfig(app: AppContext, locale: string): Promise<CmsConfigResponse> {
  const [configEntry] = await entriesOf(app, 'site-config', locale);
  const { common, ...siteConfig } = withoutEntryKeys(configEntry ?? {});
  const menus: Record<string, unknown[]> = {};
  for (const [key, type] of Object.entries(MENUS)) {
    menus[key] = (await entriesOf(app, type, locale)).map(
      (entry) => flattenMedia(withoutEntryKeys(entry)) as Record<string, unknown>,
    );
  }
  // §3 custom code: the first enabled entry; position defaults to bodyEnd.
  const customCode = (await entriesOf(app, 'custom-codes', null))
    .filter((entry) => entry.isEnabled === true)
    .map((entry) => ({ isEnabled: true, position: entry.position ?? 'bodyEnd', code: entry.code }));
  const answer = {
    locale,
    siteConfig: readSiteConfigSections(
      flattenMedia(deepMerge(SITE_CONFIG_DEFAULTS, siteConfig)) as Record<string, unknown>,
    ),
    commonContent: {
      ...(flattenMedia(deepMerge(COMMON_CONTENT_DEFAULTS, common)) as object),
      ...menus,
      customCode: customCode[0] ?? null,
      customCodes: customCode,
    },
  };
  // The shape is checked by the contract's schema in nfx.test.ts; the entries are free-form JSON.
  return answer as unknown as CmsConfigResponse;
}
