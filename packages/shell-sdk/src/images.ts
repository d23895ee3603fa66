/**
 * Resized images (§3 `/_ipx` modifiers, §9 image defaults): the one description of an
 * `/_ipx/{modifiers}/{path}` address that the platform parses and the remotes build, so a page
 * never asks for an image the server would refuse.
 *
 * - Modifiers: `f` (format), `fit`, `w`, `h`, `s` (`WxH`), `q` (quality), `b` (background),
 *   joined by `&` or `,`, each key and value by `_` (ipx's own grammar; `_` alone is "none").
 * - Defaults (§9): format webp, quality 95, densities 1 and 2, screens xs 320 … 2xl 1536.
 * - Sources: only paths on this site under `IMAGE_SOURCES` (the game art, the shell's banners
 *   and the content backend's uploads). A foreign URL is refused: `/_ipx` is not an open proxy.
 * - Caps: neither side over `MAX_SIDE` (the widest screen at density 2), quality 1–100.
 */

export const IMAGE_DEFAULTS = {
  format: 'webp',
  quality: 95,
  densities: [1, 2],
  screens: { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 },
} as const;

/** The largest width or height `/_ipx` makes: the widest screen (1536) at density 2. */
export const MAX_SIDE = 3072;

/** The site paths `/_ipx` resizes from; anything else is refused. */
export const IMAGE_SOURCES = [
  '/originals/art/',
  '/banners/',
  '/uploads/',
  '/og/',
  // The app icons of the web app manifest are drawn from it.
  '/favicon.svg',
] as const;

export const IMAGE_FORMATS = ['webp', 'avif', 'png', 'jpeg', 'jpg'] as const;
export const IMAGE_FITS = ['contain', 'cover', 'fill', 'inside', 'outside'] as const;

export interface ImageModifiers {
  f?: (typeof IMAGE_FORMATS)[number];
  fit?: (typeof IMAGE_FITS)[number];
  w?: number;
  h?: number;
  /** Width and height at once (`s_288x192`). */
  s?: { width: number; height: number };
  q?: number;
  /** A background colour: hex digits without `#` (3, 4, 6 or 8) or a CSS colour name. */
  b?: string;
}

export type ModifierError =
  | { reason: 'unknown_modifier'; key: string }
  | { reason: 'invalid_value'; key: string }
  | { reason: 'too_large'; key: string };

const SIDE = /^[1-9][0-9]{0,4}$/;
const COLOUR = /^(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8}|[a-z]{3,20})$/i;

function side(key: string, value: string): number | ModifierError {
  if (!SIDE.test(value)) return { reason: 'invalid_value', key };
  const n = Number(value);
  return n > MAX_SIDE ? { reason: 'too_large', key } : n;
}

const isError = (x: unknown): x is ModifierError =>
  typeof x === 'object' && x !== null && 'reason' in x;

/**
 * Parses the modifiers segment of an `/_ipx` address. Every key must be one of the §3 seven and
 * every value valid; a key given twice is refused (which one would win is not obvious).
 */
export function parseModifiers(
  segment: string,
): { ok: true; modifiers: ImageModifiers } | { ok: false; error: ModifierError } {
  const modifiers: ImageModifiers = {};
  if (segment === '_') return { ok: true, modifiers };
  const seen = new Set<string>();
  for (const part of segment.split(/[&,]/)) {
    const at = part.indexOf('_');
    const key = at < 0 ? part : part.slice(0, at);
    const value = at < 0 ? '' : part.slice(at + 1);
    if (seen.has(key)) return { ok: false, error: { reason: 'invalid_value', key } };
    seen.add(key);
    const fail = (error: ModifierError) => ({ ok: false as const, error });
    switch (key) {
      case 'f': {
        if (!(IMAGE_FORMATS as readonly string[]).includes(value)) {
          return fail({ reason: 'invalid_value', key });
        }
        modifiers.f = value as ImageModifiers['f'];
        break;
      }
      case 'fit': {
        if (!(IMAGE_FITS as readonly string[]).includes(value)) {
          return fail({ reason: 'invalid_value', key });
        }
        modifiers.fit = value as ImageModifiers['fit'];
        break;
      }
      case 'w':
      case 'h': {
        const n = side(key, value);
        if (isError(n)) return fail(n);
        modifiers[key] = n;
        break;
      }
      case 's': {
        const [width = '', height = '', ...rest] = value.split('x');
        if (rest.length > 0) return fail({ reason: 'invalid_value', key });
        const w = side(key, width);
        const h = side(key, height);
        if (isError(w)) return fail(w);
        if (isError(h)) return fail(h);
        modifiers.s = { width: w, height: h };
        break;
      }
      case 'q': {
        if (!/^[0-9]{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 100) {
          return fail({ reason: 'invalid_value', key });
        }
        modifiers.q = Number(value);
        break;
      }
      case 'b': {
        if (!COLOUR.test(value)) return fail({ reason: 'invalid_value', key });
        modifiers.b = value;
        break;
      }
      default:
        return fail({ reason: 'unknown_modifier', key });
    }
  }
  return { ok: true, modifiers };
}

/** The modifiers segment for an address, in one order (one cache entry per image and size). */
export function formatModifiers(modifiers: ImageModifiers): string {
  const parts: string[] = [];
  if (modifiers.f) parts.push(`f_${modifiers.f}`);
  if (modifiers.fit) parts.push(`fit_${modifiers.fit}`);
  if (modifiers.s) parts.push(`s_${modifiers.s.width}x${modifiers.s.height}`);
  if (modifiers.w !== undefined) parts.push(`w_${modifiers.w}`);
  if (modifiers.h !== undefined) parts.push(`h_${modifiers.h}`);
  if (modifiers.q !== undefined) parts.push(`q_${modifiers.q}`);
  if (modifiers.b) parts.push(`b_${modifiers.b}`);
  return parts.length > 0 ? parts.join('&') : '_';
}

/** Whether `/_ipx` resizes this source: a path on this site under one of `IMAGE_SOURCES`. */
export function isImageSource(src: string): boolean {
  if (!src.startsWith('/') || src.startsWith('//')) return false;
  if (src.includes('..') || src.includes('\\') || /%2e|%2f|%5c/i.test(src)) return false;
  return IMAGE_SOURCES.some((prefix) => src.startsWith(prefix));
}

/**
 * The `/_ipx` address of `src` with the §9 defaults (webp, quality 95) under `modifiers`. A source
 * `/_ipx` does not take (another site's image) is returned unchanged.
 */
export function imageUrl(src: string, modifiers: ImageModifiers = {}): string {
  if (!isImageSource(src)) return src;
  const all: ImageModifiers = {
    f: IMAGE_DEFAULTS.format,
    q: IMAGE_DEFAULTS.quality,
    ...modifiers,
  };
  return `/_ipx/${formatModifiers(all)}${src}`;
}

/**
 * `src` and `srcSet` for an image shown at a fixed CSS size (a game tile): one candidate per §9
 * density, each exactly the pixels it is drawn in (cover-cropped to the box).
 */
export function fixedImage(
  src: string,
  width: number,
  height: number,
): { src: string; srcSet?: string } {
  if (!isImageSource(src)) return { src };
  const at = (d: number) =>
    imageUrl(src, { fit: 'cover', s: { width: width * d, height: height * d } });
  return {
    src: at(1),
    srcSet: IMAGE_DEFAULTS.densities.map((d) => `${at(d)} ${d}x`).join(', '),
  };
}

/**
 * `src` and `srcSet` for an image whose CSS width follows the screen (a banner): one candidate
 * per §9 screen up to twice `maxWidth`, the browser picking by `sizes`.
 */
export function responsiveImage(src: string, maxWidth: number): { src: string; srcSet?: string } {
  if (!isImageSource(src)) return { src };
  const widths = Object.values(IMAGE_DEFAULTS.screens).filter((w) => w <= maxWidth * 2);
  if (widths.length === 0) widths.push(IMAGE_DEFAULTS.screens.xs);
  return {
    src: imageUrl(src, { w: maxWidth }),
    srcSet: widths.map((w) => `${imageUrl(src, { w })} ${w}w`).join(', '),
  };
}
