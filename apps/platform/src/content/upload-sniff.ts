import createDOMPurify, { type DOMPurify } from 'dompurify';
import { decodeHTML } from 'entities';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { JSDOM } from 'jsdom';
import { MEDIA_MIME, type MediaExtension } from '../providers/media/index.ts';

/**
 * What an uploaded file really is, from its bytes alone: the client's content type and file
 * name are never trusted (a `.png` name on a text file, an `image/png` type on HTML). Raster
 * images are recognised by their signature (`file-type`) and must then also yield their
 * dimensions (`image-size`), which a truncated or forged header does not; svg, a text format
 * neither library detects by signature, by its document prolog.
 */
export type SniffResult =
  | { ok: true; ext: MediaExtension; mime: string; width: number | null; height: number | null }
  | { ok: false; code: 'wrong_file_type' | 'unsafe_svg' };

/** Signature-detected types we take, and the extension they are served under. */
const RASTER: Partial<Record<string, MediaExtension>> = {
  png: 'png',
  // An animated png is still `image/png` to every browser.
  apng: 'png',
  jpg: 'jpg',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
  // Favicons (§3 web setting).
  ico: 'ico',
};

export async function sniffMedia(bytes: Uint8Array): Promise<SniffResult> {
  if (bytes.length === 0) return { ok: false, code: 'wrong_file_type' };
  const detected = await fileTypeFromBuffer(bytes);
  // file-type names any `<?xml` document `xml`: an svg may be one.
  if (detected && detected.ext !== 'xml') {
    const ext = RASTER[detected.ext];
    if (!ext) return { ok: false, code: 'wrong_file_type' };
    const size = dimensions(bytes);
    if (!size) return { ok: false, code: 'wrong_file_type' };
    return { ok: true, ext, mime: MEDIA_MIME[ext], ...size };
  }
  const text = svgDocument(bytes);
  if (text === null) return { ok: false, code: 'wrong_file_type' };
  if (hasActiveContent(text)) return { ok: false, code: 'unsafe_svg' };
  // An svg without width, height or viewBox is still an svg: its size is then unknown.
  const size = dimensions(bytes) ?? { width: null, height: null };
  return { ok: true, ext: 'svg', mime: MEDIA_MIME.svg, ...size };
}

function dimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * The text of an svg document, or null: valid UTF-8 (a BOM is dropped), no NUL, and after an
 * optional XML declaration, comments and a DOCTYPE without internal subset, an `<svg` root.
 */
function svgDocument(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  if (text.includes('\0')) return null;
  const prolog = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>[]*>)\s*)*/i;
  const rest = text.slice(prolog.exec(text)?.[0].length ?? 0);
  return /^<svg[\s/>]/.test(rest) ? text : null;
}

/**
 * Scripting in an svg. The response headers of `/uploads` already stop an svg opened as a page
 * from running script on the site's origin (CSP sandbox), but §7 fetches svg icons as text, and
 * a client that inlines that text into the page gets no such protection: so uploads that could
 * script are refused outright rather than rewritten (the file is stored and served byte for byte
 * under its hash).
 *
 * The judge is DOMPurify with its SVG profiles (svg, svgFilters): an allow-list of elements and
 * attributes applied to the document as a browser's HTML parser builds it when the text is
 * inlined, so entities, odd casing, namespaces and parser tricks (`<style><img onerror>`) are
 * seen as the browser sees them, which a regex over the raw text cannot promise. A file that
 * DOMPurify would have to change is refused, except for removals that are inert by nature:
 * editors' own namespaces (Inkscape, Sodipodi, Illustrator, Sketch, RDF metadata). On top of
 * the profile, for what DOMPurify lets through by design: `<use>` (allowed here for icon sprites)
 * may point at a fragment of the same file only; data URLs only as raster images; style sheets
 * and style attributes may not import, bind or load anything but fragments and raster data
 * URLs; and a URL spelled with references a second time (`javascript&amp;colon;`) is decoded
 * once more, for clients that decode twice.
 *
 * The DOM is jsdom's, the one DOMPurify is built and tested against on Node (its README: other
 * server DOMs such as happy-dom or linkedom differ from browsers in parsing, which is exactly
 * where sanitiser bypasses live). jsdom needs Node 22+: the platform runs on the Node 24 the
 * install brings. Made on the first svg, not at import, as the window costs most of a second.
 */
let purifier: { purify: DOMPurify; hazards: string[] } | null = null;

/** Namespace prefixes of editor metadata, which browsers ignore. */
const INERT_PREFIXES = /^(?:inkscape|sodipodi|sketch|serif|i|x|graph|rdf|cc|dc|xmlns:[\w.-]+)$/i;
const RASTER_DATA = /^data:image\/(?:png|jpe?g|gif|webp|avif)[;,]/;
const SCRIPT_SCHEME = /(?:javascript|vbscript|livescript):/;

/** Lower case, references decoded, tabs, newlines and controls dropped (as URL parsers do). */
function squeezed(value: string): string {
  return decodeHTML(value)
    .toLowerCase()
    .replace(/[\s\p{Cc}]+/gu, '');
}

/** Whether a URL in an attribute or style sheet is one an svg image may hold. */
function unsafeUrl(value: string): boolean {
  const url = squeezed(value);
  if (SCRIPT_SCHEME.test(url)) return true;
  return url.includes('data:') && !RASTER_DATA.test(url);
}

/** Style text that imports, binds or loads anything but a fragment or a raster data URL. */
function unsafeCss(css: string): boolean {
  const text = squeezed(
    css.replace(/\\([0-9a-f]{1,6})\s?/gi, (_m, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16) || 0xfffd),
    ),
  );
  if (/@import|expression\(|-moz-binding|behavior:/.test(text)) return true;
  if (SCRIPT_SCHEME.test(text)) return true;
  for (const match of text.matchAll(/url\(([^)]*)\)/g)) {
    const target = match[1]!.replace(/^["']|["']$/g, '');
    if (!target.startsWith('#') && !RASTER_DATA.test(target)) return true;
  }
  return false;
}

function svgPurifier(): { purify: DOMPurify; hazards: string[] } {
  if (purifier) return purifier;
  const purify = createDOMPurify(new JSDOM('').window);
  const hazards: string[] = [];
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && unsafeCss(node.textContent ?? '')) hazards.push('style');
  });
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName;
    const value = data.attrValue;
    const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')) : null;
    // Editor metadata: inert, kept so that the file counts as unchanged.
    if (prefix !== null && prefix !== 'xlink' && prefix !== 'xml' && INERT_PREFIXES.test(prefix)) {
      data.forceKeepAttr = true;
      return;
    }
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      data.forceKeepAttr = true;
      return;
    }
    // The server has no DOM library in its types: the node is read for its name only.
    const isUse = (node as unknown as { nodeName: string }).nodeName.toLowerCase() === 'use';
    if (isUse && (name === 'href' || name === 'xlink:href') && !value.trim().startsWith('#')) {
      hazards.push(`${name} on use`);
    } else if (name === 'style' ? unsafeCss(value) : unsafeUrl(value)) {
      hazards.push(name);
    }
  });
  purifier = { purify, hazards };
  return purifier;
}

/** Whether DOMPurify's removal is of editor metadata (or its own wrapper). */
function inertRemoval(removed: { element?: unknown; attribute?: unknown }): boolean {
  const node = (removed.element ?? removed.attribute) as { nodeName?: string } | undefined;
  const name = node?.nodeName ?? '';
  if (removed.element && name === 'BODY') return true;
  const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')) : null;
  return prefix !== null && INERT_PREFIXES.test(prefix);
}

export function hasActiveContent(text: string): boolean {
  // Entity declarations (an internal DTD subset) can hide anything from a text check: the prolog
  // rule of svgDocument refuses them before this, this is for direct callers.
  if (/<!entity/i.test(text)) return true;
  // Processing instructions past the XML declaration (`<?xml-stylesheet …?>`): the HTML parser
  // DOMPurify sees turns them into comments, a standalone svg document would follow them.
  if (/<\?(?!xml\s)/i.test(text.replace(/^\s*<\?xml\s[^>]*\?>/i, ''))) return true;
  const { purify, hazards } = svgPurifier();
  hazards.length = 0;
  purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // Icon sprites: `<use href="#id">`, checked to stay inside the file (hook above).
    ADD_TAGS: ['use'],
  });
  const removed = purify.removed as { element?: unknown; attribute?: unknown }[];
  return hazards.length > 0 || removed.some((item) => !inertRemoval(item));
}
