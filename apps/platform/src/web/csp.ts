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

/**
 * What each script-loaded live-chat widget of the support settings needs beyond its script
 * (§3 `chat`, §9 the seven providers), from their documentation: the APIs and sockets it talks to,
 * the frames, styles, fonts and sounds it loads. Scripts need no entry: the adapter's tag is
 * added by the shell's own (nonced) code, so `'strict-dynamic'` lets it and what it loads run.
 * Our own chat (`northstar`) is the site itself.
 */
type ChatSources = Partial<
  Record<'connectSrc' | 'frameSrc' | 'styleSrc' | 'fontSrc' | 'mediaSrc', string[]>
>;

export const CHAT_PROVIDER_SOURCES: Readonly<Record<string, ChatSources>> = {
  livechat: {
    connectSrc: ['https://*.livechatinc.com', 'wss://*.livechatinc.com', 'https://*.text.com'],
    frameSrc: ['https://*.livechatinc.com'],
    styleSrc: ['https://cdn.livechatinc.com'],
    fontSrc: ['https://cdn.livechatinc.com'],
    mediaSrc: ['https://cdn.livechatinc.com'],
  },
  intercom: {
    connectSrc: [
      'https://*.intercom.io',
      'wss://*.intercom.io',
      'https://*.intercomcdn.com',
      'https://*.intercomcdn.eu',
      'https://*.intercomusercontent.com',
    ],
    frameSrc: ['https://intercom-sheets.com', 'https://www.intercom-reporting.com'],
    fontSrc: ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
    mediaSrc: ['https://js.intercomcdn.com'],
  },
  zendesk: {
    connectSrc: [
      'https://*.zendesk.com',
      'wss://*.zendesk.com',
      'https://*.zdassets.com',
      'https://*.zopim.com',
      'wss://*.zopim.com',
    ],
    frameSrc: ['https://*.zendesk.com'],
    mediaSrc: ['https://static.zdassets.com'],
  },
  tawk: {
    connectSrc: ['https://*.tawk.to', 'wss://*.tawk.to'],
    frameSrc: ['https://*.tawk.to'],
    styleSrc: ['https://*.tawk.to'],
    fontSrc: ['https://*.tawk.to'],
    mediaSrc: ['https://*.tawk.to'],
  },
  crisp: {
    connectSrc: ['https://*.crisp.chat', 'wss://*.crisp.chat'],
    frameSrc: ['https://*.crisp.chat'],
    styleSrc: ['https://client.crisp.chat'],
    fontSrc: ['https://client.crisp.chat'],
    mediaSrc: ['https://client.crisp.chat'],
  },
  jivo: {
    connectSrc: ['https://*.jivosite.com', 'wss://*.jivosite.com'],
    frameSrc: ['https://*.jivosite.com'],
    styleSrc: ['https://*.jivosite.com'],
    fontSrc: ['https://*.jivosite.com'],
    mediaSrc: ['https://*.jivosite.com'],
  },
  freshchat: {
    connectSrc: ['https://*.freshchat.com', 'wss://*.freshchat.com', 'https://*.freshworks.com'],
    frameSrc: ['https://*.freshchat.com'],
    styleSrc: ['https://*.freshchat.com'],
    fontSrc: ['https://*.freshchat.com'],
    mediaSrc: ['https://*.freshchat.com'],
  },
};

/**
 * The operator's extras with the active chat provider's sources added (the support settings'
 * `support-settings` entry: `chat` and its config): the provider's own list above, and the origin
 * of a `src` the operator pointed elsewhere (a self-hosted or regional script) for connections
 * and frames. Nothing when no provider is active or its config is empty (§9: no chat then).
 */
export function withChatSources(extras: CspExtras, support: unknown): CspExtras {
  if (typeof support !== 'object' || support === null) return extras;
  const { chat, config } = support as { chat?: unknown; config?: unknown };
  if (typeof chat !== 'string' || typeof config !== 'object' || config === null) return extras;
  const name = chat.trim().toLowerCase().replace(/\.to$/, '');
  const settings = (config as Record<string, unknown>)[name];
  if (typeof settings !== 'object' || settings === null || Object.keys(settings).length === 0)
    return extras;
  const known = CHAT_PROVIDER_SOURCES[name];
  const src = (settings as { src?: unknown }).src;
  let srcOrigin: string | null = null;
  if (typeof src === 'string') {
    try {
      srcOrigin = originOf(new URL(src).origin);
    } catch {
      srcOrigin = null;
    }
  }
  if (!known && !srcOrigin) return extras;
  const merged: CspExtras = { ...extras };
  const add = (key: keyof ChatSources, sources: readonly string[]) => {
    merged[key] = [...new Set([...merged[key], ...sources])];
  };
  for (const [key, sources] of Object.entries(known ?? {}) as [keyof ChatSources, string[]][]) {
    add(key, sources);
  }
  if (srcOrigin) {
    add('connectSrc', [srcOrigin]);
    add('frameSrc', [srcOrigin]);
  }
  return merged;
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
