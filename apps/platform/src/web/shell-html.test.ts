import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_STYLESHEET_MAX_BYTES, inlineStylesheets, shellHtmlFile } from './shell-html.ts';

let dist: string;
const FONTS = '@font-face{font-family:Inter;src:url(/fonts/inter.woff2)format("woff2")}';

beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'northstar-shell-html-'));
  writeFileSync(path.join(dist, 'main.abc.css'), FONTS);
  writeFileSync(
    path.join(dist, 'big.abc.css'),
    `a{color:red}${' '.repeat(INLINE_STYLESHEET_MAX_BYTES)}`,
  );
  writeFileSync(path.join(dist, 'closing.abc.css'), 'a::after{content:"</style><script>"}');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('inlineStylesheets', () => {
  it("writes the build's small stylesheet into the page in place of its link", async () => {
    const html = await inlineStylesheets(
      '<head><link href="/main.abc.css" rel="stylesheet"><title>x</title></head>',
      dist,
    );
    expect(html).toBe(
      `<head><style data-href="/main.abc.css">${FONTS}</style><title>x</title></head>`,
    );
  });

  it('finds the link whatever the order of its attributes', async () => {
    const html = await inlineStylesheets('<link rel="stylesheet" href="/main.abc.css">', dist);
    expect(html).toBe(`<style data-href="/main.abc.css">${FONTS}</style>`);
  });

  it('keeps a large, missing, foreign or element-closing stylesheet linked', async () => {
    const kept = [
      '<link href="/big.abc.css" rel="stylesheet">',
      '<link href="/missing.css" rel="stylesheet">',
      '<link href="/../../etc/passwd.css" rel="stylesheet">',
      '<link href="https://cdn.example/main.abc.css" rel="stylesheet">',
      '<link href="/closing.abc.css" rel="stylesheet">',
      '<link href="/main.abc.css" rel="preload" as="style">',
    ].join('');
    expect(await inlineStylesheets(kept, dist)).toBe(kept);
  });
});

describe('shellHtmlFile', () => {
  it('serves the built page with its stylesheet inlined, and a new build on the next call', async () => {
    const index = path.join(dist, 'index.html');
    writeFileSync(index, '<head><link href="/main.abc.css" rel="stylesheet"></head>');
    const read = shellHtmlFile(index);
    expect(await read()).toContain(`<style data-href="/main.abc.css">${FONTS}</style>`);
    writeFileSync(index, '<head><title>new build</title></head>');
    utimesSync(index, new Date(), new Date(Date.now() + 5_000));
    expect(await read()).toBe('<head><title>new build</title></head>');
  });
});
