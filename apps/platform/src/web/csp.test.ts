import { describe, expect, it } from 'vitest';
import {
  CHAT_PROVIDER_SOURCES,
  NO_CSP_EXTRAS,
  pagePolicy,
  readCspExtras,
  withChatSources,
  withScriptNonce,
} from './csp.ts';

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

describe('withChatSources (issue #30: the live chat of the support settings)', () => {
  const policyWith = (support: unknown) =>
    pagePolicy({
      nonce: 'N',
      frameAncestors: "frame-ancestors 'self'",
      remoteOrigins: [],
      extras: withChatSources(readCspExtras({ connectSrc: ['https://a.example'] }), support),
    }).policy;

  it('knows what each of the seven script-loaded providers needs', () => {
    expect(Object.keys(CHAT_PROVIDER_SOURCES).sort()).toEqual([
      'crisp',
      'freshchat',
      'intercom',
      'jivo',
      'livechat',
      'tawk',
      'zendesk',
    ]);
    for (const [name, sources] of Object.entries(CHAT_PROVIDER_SOURCES)) {
      expect(sources.connectSrc?.length, name).toBeGreaterThan(0);
    }
  });

  it("adds the active provider's connections, frames, styles, fonts and sounds to the operator's", () => {
    const policy = policyWith({ chat: 'Crisp', config: { crisp: { id: 'site-1' } } });
    expect(policy).toContain(
      "connect-src 'self' https://a.example https://*.crisp.chat wss://*.crisp.chat;",
    );
    expect(policy).toContain("frame-src 'self' https://*.crisp.chat;");
    expect(policy).toContain("font-src 'self' data: https://client.crisp.chat;");
    expect(policy).toContain("media-src 'self' https://client.crisp.chat;");
    // Its script needs nothing: the shell adds it, and 'strict-dynamic' lets it run.
    expect(policy).toContain("script-src 'nonce-N' 'strict-dynamic' 'self' https:;");
  });

  it('adds the origin of a src the operator points elsewhere, for a provider of any name', () => {
    const extras = withChatSources(NO_CSP_EXTRAS, {
      chat: 'livechat',
      config: { livechat: { license: '1', src: 'https://chat.operator.example/tracking.js' } },
    });
    expect(extras.connectSrc).toContain('https://chat.operator.example');
    expect(extras.frameSrc).toContain('https://chat.operator.example');
    expect(extras.connectSrc).toContain('https://*.livechatinc.com');
    expect(
      withChatSources(NO_CSP_EXTRAS, {
        chat: 'other',
        config: { other: { src: 'javascript:alert(1)' } },
      }),
    ).toEqual(NO_CSP_EXTRAS);
  });

  it('adds nothing without an active provider, with an empty config (§9) or for ours', () => {
    for (const support of [
      null,
      { chat: null, config: {} },
      { chat: 'intercom', config: {} },
      { chat: 'intercom', config: { intercom: {} } },
      { chat: 'northstar', config: { northstar: { id: 'northstar' } } },
    ]) {
      expect(withChatSources(NO_CSP_EXTRAS, support), JSON.stringify(support)).toEqual(
        NO_CSP_EXTRAS,
      );
    }
  });
});
