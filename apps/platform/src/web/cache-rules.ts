import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Files whose name does not change with their content: always revalidated. */
export function cacheControlFor(filePath: string): string {
  // A precompressed copy (`main.abc.js.gz`) is cached like the file it stands for.
  const base = path.basename(filePath).replace(/\.(gz|br)$/, '');
  // The service worker is compared byte for byte to find a new version: always asked again.
  if (
    base === 'index.html' ||
    base === 'sw.js' ||
    base.startsWith('mf-') ||
    base.endsWith('.json') ||
    base.endsWith('.webmanifest')
  ) {
    return NO_CACHE;
  }
  return /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|webp|jpg)$/.test(base)
    ? IMMUTABLE
    : 'public, max-age=3600';
}

/**
 * A missing file (`/og/default.png`, `/main.abc.js`) is a 404, not the shell's page: an image or
 * script tag must not receive HTML. Pages never end in these extensions (slugs are
 * `[a-z0-9-]`, game sysnames have no file extension).
 */
const ASSET_EXTENSION =
  /\.(?:png|jpe?g|webp|avif|gif|svg|ico|css|js|mjs|map|json|woff2?|ttf|txt|xml|webmanifest|gz|br)$/i;

export function isAssetPath(url: string): boolean {
  const pathname = url.split(/[?#]/)[0] ?? '';
  return ASSET_EXTENSION.test(pathname);
}
