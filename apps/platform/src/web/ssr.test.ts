import { describe, expect, it } from 'vitest';
import { lcpImagePreload, withRenderedPage } from './ssr.ts';

const DOCUMENT =
  '<!doctype html><html lang="en-US"><head><title>x</title></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>';

const PAGE = {
  html: '<header>Northstar</header>',
  styles: '<style data-styled="true">.a{color:red}</style>',
  state: '{"locale":"en-US"}',
  remotes: { casino: '/remotes/casino/mf-manifest.json?</script>' },
  preloads: ['<link rel="preload" as="fetch" crossorigin href="/remotes/casino/mf-manifest.json">'],
};

describe('withRenderedPage', () => {
  it('puts the markup in #root, the state after it, and preloads and styles in the head', () => {
    const out = withRenderedPage(DOCUMENT, PAGE);
    expect(out).toContain(
      '<div id="root"><header>Northstar</header></div><script type="application/json" id="ns-state">{"locale":"en-US"}</script>',
    );
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).toContain(PAGE.preloads[0]);
    expect(head).toContain('.a{color:red}');
    // The browser's entry still loads after the page.
    expect(out.indexOf('/main.js')).toBeGreaterThan(out.indexOf('id="root"'));
  });

  it("moves React's resource hints from the start of the markup to the head", () => {
    const hint = '<link rel="preload" as="image" href="/art/a.svg" fetchPriority="high"/>';
    const out = withRenderedPage(DOCUMENT, { ...PAGE, html: `${hint}${hint}${PAGE.html}` });
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).toContain(`${hint}${hint}`);
    expect(out).toContain('<div id="root"><header>Northstar</header></div>');
  });

  it('escapes the remotes list so a URL cannot close its script element', () => {
    const out = withRenderedPage(DOCUMENT, PAGE);
    expect(out).not.toContain('?</script>');
    expect(out).toContain('?\\u003c/script>');
  });

  it("gives the style elements the answer's CSP nonce", () => {
    const out = withRenderedPage(DOCUMENT, PAGE, { style: 'abc123' });
    expect(out).toContain('<style nonce="abc123" data-styled="true">');
  });

  it('leaves a document without an empty root as it is (nothing rendered into another page)', () => {
    const other = '<html><head></head><body><div id="app"></div></body></html>';
    expect(withRenderedPage(other, PAGE)).not.toContain('Northstar</header>');
  });
});

describe('lcpImagePreload', () => {
  const images = ['logo.1234567890.svg', 'hero-banner.98460cba0c.svg'];
  it("preloads the home page's hero with high priority, and nothing for other pages", () => {
    expect(lcpImagePreload('home', images)).toEqual([
      '<link rel="preload" as="image" href="/images/hero-banner.98460cba0c.svg" fetchpriority="high">',
    ]);
    expect(lcpImagePreload('gamehall', images)).toEqual([]);
    expect(lcpImagePreload(null, images)).toEqual([]);
    expect(lcpImagePreload('home', ['logo.1234567890.svg'])).toEqual([]);
  });
});
