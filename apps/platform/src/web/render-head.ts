/**
 * Puts a page's head into the shell's built HTML: plain string work on the few tags the shell
 * build emits (`<html>`, `<title>`, `<meta>`, `<link>`, `<head>`, `<body>`). Every text value is
 * escaped; custom code is operator-authored and goes in as stored.
 */

import type { ErrorPage } from '@northstar/errors';
import { escapeHtml, scriptJson } from '../lib/html.ts';

/** Where a page finds its language's web app manifest (web/manifest.ts answers it). */
export const manifestPath = (locale: string) =>
  `/manifest/${encodeURIComponent(locale)}.webmanifest`;

/**
 * The meta that tells the shell which system page the server answered (`maintenance` with 503,
 * `not-found` with 404, `error` with 500, …): the shell shows that page on its first render
 * (apps/shell/src/system/server-page.ts reads it).
 */
export const SYSTEM_PAGE_META = 'northstar:page';
/** The §8 pages, and the offline page the service worker keeps (`/_offline/{locale}`). */
export type SystemPageKind = ErrorPage | 'offline';

export interface MetaTag {
  /** `name` for ordinary meta, `property` for Open Graph. */
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

export interface LinkTag {
  rel: string;
  href: string;
  type?: string;
  sizes?: string;
}

export interface CustomCode {
  head: string[];
  bodyStart: string[];
  bodyEnd: string[];
}

export interface PageHead {
  lang: string;
  title: string | null;
  meta: MetaTag[];
  canonical: string | null;
  /**
   * The page in each of the site's locales (`hreflang`, and `x-default` for the default locale),
   * absolute; empty when the site's origin is unknown or the record's canonical is elsewhere.
   */
  alternates?: { hreflang: string; href: string }[];
  /** Favicon links; when there are some, the build's own icon links are dropped. */
  icons: LinkTag[];
  /** Structured data objects, each one `<script type="application/ld+json">`. */
  jsonLd: unknown[];
  customCode: CustomCode;
  /** A system page answered instead of the page (non-200): written as the `northstar:page` meta. */
  systemPage?: SystemPageKind;
}

function attributeOf(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(
    tag,
  );
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

/** Inserts text at an index (no `String.replace`, whose `$` patterns would touch custom code). */
function insertAt(html: string, index: number, text: string): string {
  return html.slice(0, index) + text + html.slice(index);
}

const ICON_RELS = new Set(['icon', 'shortcut icon', 'apple-touch-icon', 'mask-icon']);

function renderMeta(tag: MetaTag): string {
  return `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}">`;
}

function renderLink(link: LinkTag): string {
  let out = `<link rel="${escapeHtml(link.rel)}" href="${escapeHtml(link.href)}"`;
  if (link.type) out += ` type="${escapeHtml(link.type)}"`;
  if (link.sizes) out += ` sizes="${escapeHtml(link.sizes)}"`;
  return `${out}>`;
}

/** The shell HTML with the page's head, language and custom code. */
export function renderShell(html: string, head: PageHead): string {
  let out = html;

  // <html lang>
  const htmlTag = /<html\b[^>]*>/i.exec(out);
  if (htmlTag) {
    const tag = htmlTag[0];
    const without = tag.replace(/\s+lang\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+)/i, '');
    const replaced = `${without.slice(0, 5)} lang="${escapeHtml(head.lang)}"${without.slice(5)}`;
    out = out.slice(0, htmlTag.index) + replaced + out.slice(htmlTag.index + tag.length);
  }

  const headParts: string[] = [];

  // <title>: replaced in place, or added.
  if (head.title !== null) {
    const title = `<title>${escapeHtml(head.title)}</title>`;
    const existing = /<title\b[^>]*>[\s\S]*?<\/title>/i.exec(out);
    if (existing) {
      out = out.slice(0, existing.index) + title + out.slice(existing.index + existing[0].length);
    } else headParts.push(title);
  }

  // Meta the page sets replace the build's tags of the same name or property.
  // Only the server's own answer names a system page: never the build or an entry's meta list.
  const meta: MetaTag[] = head.meta.filter((tag) => tag.key.toLowerCase() !== SYSTEM_PAGE_META);
  if (head.systemPage) {
    meta.push({ attribute: 'name', key: SYSTEM_PAGE_META, content: head.systemPage });
  }
  const replacedMeta = new Set(
    [...meta, { attribute: 'name', key: SYSTEM_PAGE_META }].map(
      (tag) => `${tag.attribute}:${tag.key.toLowerCase()}`,
    ),
  );
  out = out.replace(/<meta\b[^>]*>/gi, (tag) => {
    for (const attribute of ['name', 'property'] as const) {
      const key = attributeOf(tag, attribute);
      if (key !== null && replacedMeta.has(`${attribute}:${key.toLowerCase()}`)) return '';
    }
    return tag;
  });
  out = out.replace(/<link\b[^>]*>/gi, (tag) => {
    const rel = attributeOf(tag, 'rel')?.toLowerCase().trim() ?? '';
    if (rel === 'canonical' && head.canonical !== null) return '';
    if (ICON_RELS.has(rel) && head.icons.length > 0) return '';
    return tag;
  });

  headParts.push(...meta.map(renderMeta));
  if (head.canonical !== null) {
    headParts.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  }
  for (const alternate of head.alternates ?? []) {
    headParts.push(
      `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}">`,
    );
  }
  headParts.push(...head.icons.map(renderLink));
  // The installed app's manifest in the page's language (web/manifest.ts).
  headParts.push(`<link rel="manifest" href="${escapeHtml(manifestPath(head.lang))}">`);
  for (const data of head.jsonLd) {
    headParts.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  }
  headParts.push(...head.customCode.head);
  const headBlock = headParts.join('');

  // Head: before </head>; a document without one gets them right after <html> or the doctype.
  let afterHead: number;
  const headEnd = /<\/head\s*>/i.exec(out);
  if (headEnd) {
    out = insertAt(out, headEnd.index, headBlock);
    afterHead = headEnd.index + headBlock.length + headEnd[0].length;
  } else {
    const opening = /<html\b[^>]*>/i.exec(out) ?? /<!doctype[^>]*>/i.exec(out);
    const index = opening ? opening.index + opening[0].length : 0;
    out = insertAt(out, index, headBlock);
    afterHead = index + headBlock.length;
  }

  // Body start: right after <body>, or after the head when the document has no <body> tag.
  const bodyStart = head.customCode.bodyStart.join('');
  if (bodyStart) {
    // Searched past the head, so a tag inside head custom code is never taken for the body.
    const body = /<body\b[^>]*>/i.exec(out.slice(afterHead));
    out = insertAt(out, body ? afterHead + body.index + body[0].length : afterHead, bodyStart);
  }

  const bodyEnd = head.customCode.bodyEnd.join('');
  if (bodyEnd) {
    // Before the last </body> (the shell's own), else before </html>, else at the end.
    const lower = out.toLowerCase();
    const close = lower.lastIndexOf('</body');
    const htmlClose = lower.lastIndexOf('</html');
    const index = close !== -1 ? close : htmlClose !== -1 ? htmlClose : out.length;
    out = insertAt(out, index, bodyEnd);
  }
  return out;
}
