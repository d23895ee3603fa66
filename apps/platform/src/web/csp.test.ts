import { describe, expect, it } from 'vitest';
import { pagePolicy, readCspExtras, withScriptNonce } from './csp.ts';

describe('withScriptNonce', () => {
  it('gives every script and script preload the nonce, once, and leaves other tags alone', () => {
    const document = [
      '<script defer src="/main.js"></script>',
      '<SCRIPT>a()</SCRIPT>',
      '<script nonce="kept">b()</script>',
      '<link rel="preload" as="script" href="/r.js">',
      '<link rel="preload" as="font" href="/f.woff2" crossorigin>',
      '<noscript>x</noscript>',
    ].join('');
    expect(withScriptNonce(document, 'N')).toBe(
      [
        '<script nonce="N" defer src="/main.js"></script>',
        '<script nonce="N">a()</SCRIPT>',
        '<script nonce="kept">b()</script>',
        '<link nonce="N" rel="preload" as="script" href="/r.js">',
        '<link rel="preload" as="font" href="/f.woff2" crossorigin>',
        '<noscript>x</noscript>',
      ].join(''),
    );
  });
});

describe('pagePolicy', () => {
  it("lists the remotes' origins for their manifests and the operator's extras", () => {
    const { policy, reportOnly } = pagePolicy({
      nonce: 'N',
      frameAncestors: "frame-ancestors 'self'",
      remoteOrigins: ['https://cdn.example'],
      extras: readCspExtras({ connectSrc: ['https://a.example', 'javascript:alert(1)'] }),
    });
    expect(reportOnly).toBe(false);
    expect(policy).toContain("script-src 'nonce-N' 'strict-dynamic'");
    expect(policy).toContain("connect-src 'self' https://cdn.example https://a.example;");
    expect(policy).not.toContain('javascript:');
    expect(policy.endsWith("frame-ancestors 'self'")).toBe(true);
  });
});
