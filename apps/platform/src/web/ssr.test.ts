import { describe, expect, it } from 'vitest';
import { lcpImagePreload, remoteServerEntry, withRenderedPage } from './ssr.ts';

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

describe('remoteServerEntry (REMOTE_ORIGINS)', () => {
  const none = new Set<string>();
  const cdn = new Set(['https://cdn.example.com']);

  it('reads a remote this platform hosts from its own dist', () => {
    expect(remoteServerEntry('casino', '/remotes/casino/mf-manifest.json', none)).toEqual({
      kind: 'hosted',
      dir: '.',
    });
    expect(remoteServerEntry('casino', '/remotes/casino/v2/mf-manifest.json?x=1', none)).toEqual({
      kind: 'hosted',
      dir: 'v2',
    });
  });

  it('refuses a server entry from an origin the operator did not allow (the default: none)', () => {
    expect(
      remoteServerEntry('casino', 'https://cdn.example.com/casino/mf-manifest.json', none),
    ).toEqual({ kind: 'refused', url: 'https://cdn.example.com/casino/server/routes.cjs' });
    expect(
      remoteServerEntry('casino', 'https://evil.example/casino/mf-manifest.json', cdn),
    ).toEqual({ kind: 'refused', url: 'https://evil.example/casino/server/routes.cjs' });
    // Same host, another port or scheme: another origin.
    expect(
      remoteServerEntry('casino', 'http://cdn.example.com/casino/mf-manifest.json', cdn).kind,
    ).toBe('refused');
    expect(
      remoteServerEntry('casino', 'https://cdn.example.com:8443/casino/mf-manifest.json', cdn).kind,
    ).toBe('refused');
  });

  it('fetches it from an allowed origin', () => {
    expect(
      remoteServerEntry(
        'casino',
        'https://cdn.example.com/static/casino-v42/mf-manifest.json',
        cdn,
      ),
    ).toEqual({
      kind: 'fetched',
      url: 'https://cdn.example.com/static/casino-v42/server/routes.cjs',
    });
  });

  it("never leaves the remote's own dist, nor reads another app's", () => {
    expect(
      remoteServerEntry('casino', '/remotes/casino/../../shell/mf-manifest.json', none).kind,
    ).toBe('refused');
    expect(remoteServerEntry('casino', '/remotes/auth/mf-manifest.json', none).kind).toBe(
      'refused',
    );
    expect(remoteServerEntry('casino', 'file:///etc/mf-manifest.json', cdn).kind).toBe('refused');
  });
});
