import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * A stylesheet of the build at most this large is written into the page instead of linked
 * (issue #28): the shell's only stylesheet is its `@font-face` rules (about 2 KB), and a linked
 * stylesheet blocks the first paint for a whole request; inline, it costs a few hundred bytes of
 * the compressed HTML. A larger one (a future build's) stays a cached, linked file.
 */
export const INLINE_STYLESHEET_MAX_BYTES = 8 * 1024;

const STYLESHEET_LINK = /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="(\/[^"?#]+\.css)"[^>]*>/g;

/**
 * The build's small same-origin stylesheets in `<style>` in place of their `<link>`. A file that
 * is missing, too large or would close the element early stays linked.
 */
export async function inlineStylesheets(html: string, distDir: string): Promise<string> {
  const links = [...html.matchAll(STYLESHEET_LINK)];
  let result = html;
  for (const [link, href] of links) {
    const file = path.join(distDir, path.normalize(href!));
    if (!file.startsWith(distDir + path.sep)) continue;
    const css = await readFile(file, 'utf8').catch(() => null);
    if (css === null || Buffer.byteLength(css) > INLINE_STYLESHEET_MAX_BYTES) continue;
    if (/<\/style/i.test(css)) continue;
    result = result.replace(link, () => `<style data-href="${href}">${css}</style>`);
  }
  return result;
}

/**
 * The shell's built `index.html`, read once and kept in memory, its small stylesheets inlined
 * (`inlineStylesheets`); a new build (another mtime or size) is picked up on the next request
 * without restarting the server.
 */
export function shellHtmlFile(file: string): () => Promise<string> {
  let cached: { mtimeMs: number; size: number; html: string } | null = null;
  return async () => {
    const info = await stat(file);
    if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      const html = await inlineStylesheets(await readFile(file, 'utf8'), path.dirname(file));
      cached = { mtimeMs: info.mtimeMs, size: info.size, html };
    }
    return cached.html;
  };
}
