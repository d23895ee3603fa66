/**
 * Renders the brand's PNGs from their SVG sources in apps/shell/public (copied to the shell's dist
 * on build, so served at the site root):
 * - `og/default.png` (1200×630, the seeded SEO records' Open Graph image) from `og/default.svg`,
 * - `apple-touch-icon.png` (180×180, the seeded web settings' favicon) from the `favicon.svg` mark
 *   on a full-bleed navy tile (iOS rounds the corners itself and shows transparency as black).
 *
 * Debian's Chromium draws them (never a downloaded browser), with the site's own Inter web font for
 * the tagline, so the result is the same on every machine. The PNGs are kept in the repository: run
 * this again only after changing a source SVG.
 *
 * Run: `pnpm brand-assets`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts';

const root = path.join(import.meta.dirname, '..');
const publicDir = path.join(root, 'apps', 'shell', 'public');
/** The same files `@northstar/ui/fonts.css` loads. */
const fontFile = path.join(
  root,
  'packages/ui/node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
);

const fontFace = `@font-face {
  font-family: 'Inter Variable';
  font-weight: 100 900;
  src: url(data:font/woff2;base64,${readFileSync(fontFile).toString('base64')}) format('woff2');
}`;

function page(width: number, height: number, body: string): string {
  return `<!doctype html><html><head><style>
${fontFace}
html, body { margin: 0; width: ${width}px; height: ${height}px; overflow: hidden; background: #0b1020; }
#art { position: relative; width: ${width}px; height: ${height}px; }
#art > svg { display: block; }
</style></head><body><div id="art">${body}</div></body></html>`;
}

/** A source SVG without its XML prolog, ready to inline (so the page's web font applies). */
function inlineSvg(file: string): string {
  return readFileSync(path.join(publicDir, file), 'utf8').replace(/<\?xml[^>]*>\s*/, '');
}

async function render(
  browser: Browser,
  html: string,
  width: number,
  height: number,
  out: string,
): Promise<void> {
  const tab = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  try {
    await tab.setContent(html, { waitUntil: 'load' });
    await tab.evaluate(async () => {
      await document.fonts.load("500 36px 'Inter Variable'");
      await document.fonts.ready;
    });
    const fontLoaded = await tab.evaluate(() => document.fonts.check("500 36px 'Inter Variable'"));
    if (!fontLoaded) throw new Error(`${out}: the Inter web font did not load`);
    const png = await tab.locator('#art').screenshot({ type: 'png', animations: 'disabled' });
    writeFileSync(path.join(publicDir, out), png);
    console.log(`${out}: ${width}×${height}, ${(png.length / 1024).toFixed(1)} KB`);
  } finally {
    await tab.close();
  }
}

/** The mark at 132 px on a navy tile with the site's violet and gold glows. */
function touchIconHtml(): string {
  const mark = inlineSvg('favicon.svg').replace(
    /<svg([^>]*?)\swidth="32" height="32"/,
    '<svg$1 width="132" height="132"',
  );
  const tile = `position:absolute;inset:0;background:
    radial-gradient(90% 90% at 80% 10%, rgba(139, 108, 255, 0.45), transparent 65%),
    radial-gradient(80% 80% at 15% 100%, rgba(245, 184, 65, 0.22), transparent 65%),
    linear-gradient(135deg, #1b2546, #0b1020);`;
  return page(
    180,
    180,
    `<div style="${tile}"></div><div style="position:absolute;left:24px;top:24px">${mark}</div>`,
  );
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  await render(browser, page(1200, 630, inlineSvg('og/default.svg')), 1200, 630, 'og/default.png');
  await render(browser, touchIconHtml(), 180, 180, 'apple-touch-icon.png');
} finally {
  await browser.close();
}
