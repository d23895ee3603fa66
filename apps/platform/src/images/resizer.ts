import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createIPX, type IPX, type IPXStorage } from 'ipx';
import { formatModifiers, IMAGE_DEFAULTS, type ImageModifiers } from '@northstar/shell-sdk/images';

export interface ResizedImage {
  data: Buffer;
  /** The MIME type of `data`. */
  type: string;
  /** A strong validator: the hash of the modifiers and the source's bytes. */
  etag: string;
}

/** The source as the site serves it: bytes and MIME type. */
export interface SourceImage {
  data: Buffer;
  type: string;
}

const MIME: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

/** No decoded source over this many pixels (a 50-megapixel photo): sharp refuses, we answer 400. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** An SVG is drawn at most this dense (in dpi; 72 is its own size) before it is scaled. */
const MAX_SVG_DENSITY = 72 * 16;

/**
 * The storage ipx reads from: the bytes the route already fetched from the site (passed as the
 * request options), so ipx never fetches anything itself — no HTTP storage, no open proxy.
 */
const givenBytes: IPXStorage = {
  name: 'northstar:given',
  getMeta: () => ({}),
  getData: (_id, options) => {
    const data = options?.['data'];
    if (!Buffer.isBuffer(data)) return undefined;
    return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  },
};

function ipxFor(density?: number): IPX {
  return createIPX({
    storage: givenBytes,
    maxAge: 0,
    svgo: false,
    sharpOptions: {
      limitInputPixels: MAX_INPUT_PIXELS,
      ...(density ? { density } : {}),
    },
  });
}

/** The intrinsic size of an SVG from its width/height or viewBox (ipx's own reading). */
function svgSize(svg: string): { width: number; height: number } | null {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attribute = (name: string) =>
    Number.parseFloat(new RegExp(`\\s${name}="([0-9.]+)`, 'i').exec(tag)?.[1] ?? '');
  const [, , vw, vh] = (/viewBox="([^"]+)"/i.exec(tag)?.[1] ?? '').split(/[\s,]+/).map(Number);
  const width = attribute('width') || vw || 0;
  const height = attribute('height') || vh || 0;
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * Resizes with ipx (sharp under it) and keeps each result on disk under `cacheDir`, named by the
 * hash of the modifiers and the source's bytes: a changed source is a new entry, so nothing is
 * ever served stale and nothing needs expiring by time. Each instance has its own cache (it is a
 * cache: two instances may both make an entry, and both are right). The same image asked twice
 * at once is made once.
 */
export class ImageResizer {
  private readonly plain = ipxFor();
  private readonly making = new Map<string, Promise<ResizedImage>>();
  private readonly cacheDir: string;

  constructor(cacheDir: string) {
    this.cacheDir = cacheDir;
  }

  async resize(source: SourceImage, asked: ImageModifiers): Promise<ResizedImage> {
    const modifiers: ImageModifiers = {
      f: IMAGE_DEFAULTS.format,
      q: IMAGE_DEFAULTS.quality,
      ...asked,
    };
    // ipx applies w and h as two resizes, the second undoing the first: one size instead.
    if (modifiers.w !== undefined && modifiers.h !== undefined && !modifiers.s) {
      modifiers.s = { width: modifiers.w, height: modifiers.h };
      delete modifiers.w;
      delete modifiers.h;
    }
    const etag = createHash('sha256')
      .update(formatModifiers(modifiers))
      .update('\0')
      .update(source.data)
      .digest('base64url')
      .slice(0, 32);
    const format = modifiers.f === 'jpg' ? 'jpeg' : (modifiers.f ?? 'webp');
    const type = MIME[format]!;
    const file = path.join(this.cacheDir, etag.slice(0, 2), `${etag}.${format}`);
    const cached = await readFile(file).catch(() => null);
    if (cached) return { data: cached, type, etag };
    const running = this.making.get(etag);
    if (running) return running;
    const made = this.make(source, modifiers, file).then((data) => ({ data, type, etag }));
    this.making.set(etag, made);
    try {
      return await made;
    } finally {
      this.making.delete(etag);
    }
  }

  private async make(source: SourceImage, modifiers: ImageModifiers, file: string) {
    const ipxModifiers: Record<string, string> = {};
    if (modifiers.f) ipxModifiers['f'] = modifiers.f;
    if (modifiers.fit) ipxModifiers['fit'] = modifiers.fit;
    if (modifiers.w !== undefined) ipxModifiers['w'] = String(modifiers.w);
    if (modifiers.h !== undefined) ipxModifiers['h'] = String(modifiers.h);
    if (modifiers.s) ipxModifiers['s'] = `${modifiers.s.width}x${modifiers.s.height}`;
    if (modifiers.q !== undefined) ipxModifiers['q'] = String(modifiers.q);
    // With its '#': ipx reads an all-digit colour (`000`) as the number 0, not black.
    if (modifiers.b)
      ipxModifiers['b'] = /^[0-9a-f]+$/i.test(modifiers.b) ? `#${modifiers.b}` : modifiers.b;
    let ipx = this.plain;
    if (source.type.startsWith('image/svg')) {
      // A vector has no pixels of its own: draw it dense enough for the asked size (ipx would
      // otherwise stop at the SVG's nominal size), then scale down to exactly that size.
      const size = svgSize(source.data.toString('utf8'));
      const wanted = Math.max(
        size && modifiers.s ? modifiers.s.width / size.width : 1,
        size && modifiers.s ? modifiers.s.height / size.height : 1,
        size && modifiers.w ? modifiers.w / size.width : 1,
        size && modifiers.h ? modifiers.h / size.height : 1,
      );
      ipx = ipxFor(Math.min(MAX_SVG_DENSITY, Math.ceil(72 * wanted)));
      ipxModifiers['enlarge'] = '';
    }
    const result = await ipx('source', ipxModifiers, { data: source.data }).process();
    const data = Buffer.isBuffer(result.data) ? result.data : Buffer.from(result.data);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const partial = `${file}.${process.pid}.${Date.now()}.part`;
    await writeFile(partial, data);
    await rename(partial, file);
    return data;
  }
}
