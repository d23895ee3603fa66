import { decodeHTML } from 'entities';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
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
 * script are refused outright rather than rewritten. A deny-list over the raw text (script and
 * foreign elements, `on*` handlers, script URLs, non-image data URLs, entity declarations),
 * after undoing numeric character references; it may refuse an odd harmless file, never the
 * other way round for the patterns it names. Clients should still not inline untrusted markup.
 */
export function hasActiveContent(text: string): boolean {
  // Every character reference HTML knows, numeric and named (`&colon;`, `&Tab;`, `&NewLine;`),
  // decoded as a browser would when the text is inlined into a page (the `entities` package,
  // as htmlparser2 uses), twice, so a reference spelled with references is undone too.
  const decoded = decodeHTML(decodeHTML(text));
  const lower = decoded.toLowerCase();
  // Browsers drop tabs and newlines inside a URL scheme: `java\tscript:` runs.
  const squeezed = lower.replace(/[\s\p{Cc}]+/gu, '');
  return (
    /<([\w.-]+:)?(script|foreignobject|iframe|embed|object|handler|listener|base|meta|link)\b/.test(
      lower,
    ) ||
    /[\s"'/]on[a-z]+\s*=/.test(lower) ||
    /(javascript|vbscript|livescript):/.test(squeezed) ||
    /(^|[^a-z0-9.+-])data:(?!image\/(png|jpe?g|gif|webp|avif)[;,])/.test(squeezed) ||
    /<!entity/.test(squeezed)
  );
}
