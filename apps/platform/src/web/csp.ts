import { randomBytes } from 'node:crypto';
import { originOf } from './site-state.ts';

/**
 * The Content-Security-Policy of the site's pages (issue "Run it like a real service").
 *
 * Scripts are what it guards: a page runs only the scripts the platform itself wrote into it, each
 * with this answer's nonce (the shell's bundles and the operator's custom code, both trusted
 * server-side), and what those load (`'strict-dynamic'`: the federation runtime's remote entries
 * and chunks from any CDN the remotes list names, a tag manager's scripts). A `<script>` that got
 * into a page any other way (a content entry's HTML, an injected parameter) does not run.
 * `'self' https:` are only for browsers without CSP 3, which ignore nonces and `'strict-dynamic'`.
 *
 * Styles stay `'unsafe-inline'`: the server-rendered HTML carries `style` attributes and
 * styled-components writes `<style>` elements; a style cannot run code.
 *
 * The operator adds sources in the default locale's `site-config` entry, key
 * `contentSecurityPolicy` (a chat widget's frame, an analytics endpoint):
 * `{ "connectSrc": ["https://analytics.example"], "frameSrc": [...], "imgSrc": [...],
 *    "styleSrc": [...], "fontSrc": [...], "mediaSrc": [...], "reportOnly": false }`.
 * Only origins are taken (`https://host[:port]`); anything else in a list is ignored, so a typo
 * cannot open the policy. `reportOnly: true` sends the policy as Content-Security-Policy-Report-Only
 * (the browser reports what it would block and blocks nothing): the way to try a new widget.
 * `frame-ancestors` is not report-only ever (the embedding rule of §2, web/index.ts).
 */
export interface CspExtras {
  connectSrc: string[];
  frameSrc: string[];
  imgSrc: string[];
  styleSrc: string[];
  fontSrc: string[];
  mediaSrc: string[];
  reportOnly: boolean;
}

export const NO_CSP_EXTRAS: CspExtras = {
  connectSrc: [],
  frameSrc: [],
  imgSrc: [],
  styleSrc: [],
  fontSrc: [],
  mediaSrc: [],
  reportOnly: false,
};

const LISTS = ['connectSrc', 'frameSrc', 'imgSrc', 'styleSrc', 'fontSrc', 'mediaSrc'] as const;

/** The operator's `contentSecurityPolicy` of the site config, origins only. */
export function readCspExtras(raw: unknown): CspExtras {
  if (typeof raw !== 'object' || raw === null) return NO_CSP_EXTRAS;
  const value = raw as Record<string, unknown>;
  const extras: CspExtras = { ...NO_CSP_EXTRAS, reportOnly: value.reportOnly === true };
  for (const key of LISTS) {
    const list = value[key];
    extras[key] = Array.isArray(list)
      ? [...new Set(list.map(originOf).filter((o): o is string => o !== null))]
      : [];
  }
  return extras;
}

/** A fresh nonce for one answer (128 bits, base64). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export interface PagePolicy {
  /** The header to send: enforced, or report-only when the operator asked for it. */
  policy: string;
  reportOnly: boolean;
  /** `frame-ancestors`, always enforced (a report-only policy cannot carry it). */
  frameAncestors: string;
}

/**
 * The page's policy. `remoteOrigins`: where the remotes' manifests are fetched from (the
 * federation runtime fetches them; their scripts are covered by `'strict-dynamic'`).
 */
export function pagePolicy(options: {
  nonce: string;
  frameAncestors: string;
  remoteOrigins: readonly string[];
  extras: CspExtras;
}): PagePolicy {
  const { nonce, extras } = options;
  const list = (...sources: readonly string[]) => [...new Set(sources)].join(' ');
  const directives = [
    `default-src 'self'`,
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self' https:`,
    `style-src ${list("'self'", "'unsafe-inline'", ...extras.styleSrc)}`,
    // Game art, banners and content media may come from a CDN or a provider.
    `img-src ${list("'self'", 'data:', 'blob:', 'https:', ...extras.imgSrc)}`,
    `font-src ${list("'self'", 'data:', ...extras.fontSrc)}`,
    `connect-src ${list("'self'", ...options.remoteOrigins, ...extras.connectSrc)}`,
    // Games and payment pages open in frames of this site (their providers' pages redirect there).
    `frame-src ${list("'self'", ...extras.frameSrc)}`,
    `media-src ${list("'self'", ...extras.mediaSrc)}`,
    `worker-src 'self' blob:`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
  ];
  const frameAncestors = options.frameAncestors;
  return extras.reportOnly
    ? { policy: directives.join('; '), reportOnly: true, frameAncestors }
    : { policy: [...directives, frameAncestors].join('; '), reportOnly: false, frameAncestors };
}

/**
 * The nonce on every `<script>` of a document the platform assembled (the shell's template, its
 * head parts and the operator's custom code); called before the server-rendered markup goes in,
 * so nothing from a page's content gets it.
 */
export function withScriptNonce(document: string, nonce: string): string {
  return document
    .replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`)
    .replace(
      /<link\b(?=[^>]*\brel="?(?:preload|modulepreload)\b)(?=[^>]*\bas="?script\b)(?![^>]*\bnonce=)/gi,
      `<link nonce="${nonce}"`,
    );
}
