import * as v from 'valibot';
import { SITE_CONFIG_SECTIONS } from './site-config/sections.ts';

/**
 * The `/nfx` answers the shell reads at start-up (§7 "Other"): the site's locales and the site
 * config with the common content (§3). One schema serves both sides: the platform's tests check
 * its answers against it, and the front end takes its types from it. Objects are loose: the
 * operator may add keys, and a newer server may send more than this version knows.
 */

/** A link of a content-backend menu. Media fields arrive flattened to their URL (§3). */
export const cmsLink = v.looseObject({
  label: v.string(),
  /** A site path without the locale prefix (`/promotions`), or an absolute URL. */
  url: v.string(),
  /** An icon: a URL of an svg or image (`/icons/casino.svg`). */
  icon: v.optional(v.string()),
  isExternal: v.optional(v.boolean()),
});
export type CmsLink = v.InferOutput<typeof cmsLink>;

const links = v.array(cmsLink);

/** The menus of the common content, by their key (§3). */
export const CMS_MENU_KEYS = [
  'menuLinks',
  'profileLinks',
  'mobileBottomMenu',
  'footerLinks',
  'userMenuLinks',
  'socialItemsList',
] as const;
export type CmsMenuKey = (typeof CMS_MENU_KEYS)[number];

const flag = v.boolean();

/** Keys of the site config's `defaultImages`: the icon URL of each system page (§2). */
export const DEFAULT_IMAGE_KEYS = [
  'maintenance',
  'notFound',
  'forbidden',
  'userBlocked',
  'errorsSlot',
  'payCancel',
  'payFail',
  'payMobile',
  'payNewWindow',
  'paySuccess',
] as const;
export type DefaultImageKey = (typeof DEFAULT_IMAGE_KEYS)[number];
const image = v.optional(v.string());

export const siteConfig = v.looseObject({
  logo: v.looseObject({ desktop: v.string(), mobile: v.string(), dark: v.string() }),
  /** Optional for an older server; an icon left out falls back to the page's built-in glyph. */
  defaultImages: v.optional(
    v.looseObject({
      maintenance: image,
      notFound: image,
      forbidden: image,
      userBlocked: image,
      errorsSlot: image,
      payCancel: image,
      payFail: image,
      payMobile: image,
      payNewWindow: image,
      paySuccess: image,
    } satisfies Record<DefaultImageKey, unknown>),
  ),
  features: v.looseObject({
    twoFactor: flag,
    identityVerification: flag,
    responsibleGaming: flag,
    betHistory: flag,
    bettingNotice: flag,
    clickableTitle: flag,
  }),
  validator: v.looseObject({}),
  // The sections remotes read (site-config/sections.ts): typed and defaulted by the platform.
  ...SITE_CONFIG_SECTIONS,
});
export type SiteConfig = v.InferOutput<typeof siteConfig>;

const customCode = v.object({
  isEnabled: v.literal(true),
  position: v.picklist(['head', 'bodyStart', 'bodyEnd']),
  code: v.string(),
});

export const commonContent = v.looseObject({
  menuLinks: links,
  profileLinks: links,
  mobileBottomMenu: links,
  footerLinks: links,
  userMenuLinks: links,
  socialItemsList: links,
  paymentMethods: v.array(v.unknown()),
  confirmHint: v.looseObject({
    showConfirmContactsHint: v.boolean(),
    pageExceptions: v.array(v.string()),
  }),
  offers: v.looseObject({}),
  localeDetectStrategy: v.string(),
  customCode: v.nullable(customCode),
  iconsFlag: v.boolean(),
  ratingSites: v.array(v.unknown()),
});
export type CommonContent = v.InferOutput<typeof commonContent>;

/** `GET /nfx/cms-config/{locale}`. */
export const cmsConfigResponse = v.object({
  locale: v.string(),
  siteConfig,
  commonContent,
});
export type CmsConfigResponse = v.InferOutput<typeof cmsConfigResponse>;

/** `GET /nfx/i18n/locales` (§3 Locale, §7). */
export const localesResponse = v.object({
  locales: v.array(v.object({ code: v.string(), name: v.string(), isDefault: v.boolean() })),
  defaultLocale: v.string(),
});
export type LocalesResponse = v.InferOutput<typeof localesResponse>;

/** One entry of the redirect table (§2): `from_url` may hold `*` wildcards. */
export const redirectRule = v.object({
  from_url: v.string(),
  to_url: v.string(),
  status: v.picklist([301, 302]),
});
export type RedirectRuleEntry = v.InferOutput<typeof redirectRule>;

/**
 * `GET /nfx/redirects`: the content backend's whole redirect table, for the shell's client-side
 * routing (the platform applies the same table to a page's first request).
 */
export const redirectsResponse = v.object({ data: v.array(redirectRule) });
export type RedirectsResponse = v.InferOutput<typeof redirectsResponse>;
