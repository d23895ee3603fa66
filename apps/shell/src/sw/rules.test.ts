import { describe, expect, it } from 'vitest';
import {
  isKeepablePage,
  localeOfPath,
  planFor,
  readSiteLocales,
  type RequestFacts,
} from './rules.ts';
import { offlinePageUrl } from '@northstar/shell-sdk/service-worker';

const ORIGIN = 'https://casino.example';
const get = (mode = 'cors', destination = ''): RequestFacts => ({
  method: 'GET',
  mode,
  destination,
});
const plan = (path: string, facts: RequestFacts = get()) =>
  planFor(new URL(path, ORIGIN), facts, ORIGIN);

describe('the service worker cache rules', () => {
  it('never caches the API, money, sign-in, content backend or the worker itself', () => {
    for (const path of [
      '/api/account/getBalance',
      '/api/games/get?x=1',
      '/cms/menu-links',
      '/platform/game/x/play',
      '/wallet/v1/bet',
      '/payments/sandbox/webhook',
      '/oauth/init?service=google',
      '/hit?referer=x',
      '/sw.js',
      '/latest.json?t=1',
      '/metrics',
    ]) {
      expect(plan(path), path).toBe('network');
      // Not even when the browser navigates to one.
      expect(plan(path, get('navigate', 'document')), path).toBe('network');
    }
  });

  it('never caches another origin or a request that changes something', () => {
    expect(planFor(new URL('https://cdn.example/a.png'), get('no-cors', 'image'), ORIGIN)).toBe(
      'network',
    );
    expect(plan('/', { method: 'POST', mode: 'navigate', destination: 'document' })).toBe(
      'network',
    );
  });

  it('gives pages, images, texts and code their plans', () => {
    expect(plan('/', get('navigate', 'document'))).toBe('page');
    expect(plan('/es-ES/gamehall?sort=new', get('navigate', 'document'))).toBe('page');
    expect(plan('/_ipx/f_webp&s_288x192/originals/art/x.svg', get('no-cors', 'image'))).toBe(
      'image',
    );
    expect(plan('/banners/welcome-360x240.svg', get('no-cors', 'image'))).toBe('image');
    expect(plan('/nfx/cms-config/en-US')).toBe('content');
    expect(plan('/remotes.json')).toBe('code-manifest');
    expect(plan('/remotes/casino/mf-manifest.json')).toBe('code-manifest');
    expect(plan('/remotes/casino/static/js/async/123.abcdef1234.js', get('cors', 'script'))).toBe(
      'code',
    );
    // A remote file without a content hash in its name is not kept forever.
    expect(plan('/remotes/casino/remoteEntry.js', get('cors', 'script'))).toBe('network');
  });

  it('keeps a page only when the server drew it for a visitor and it is a 200', () => {
    const page = (status: number, headers: Record<string, string>) =>
      isKeepablePage({ status, headers: new Headers(headers) });
    expect(page(200, { 'x-page-cache': 'visitor' })).toBe(true);
    expect(page(200, {})).toBe(false);
    expect(page(404, { 'x-page-cache': 'visitor' })).toBe(false);
    expect(page(200, { 'x-page-cache': 'player' })).toBe(false);
  });

  it('finds the offline page of the locale a path is in', () => {
    const site = readSiteLocales({
      locales: [{ code: 'en-US' }, { code: 'es-ES' }, { code: 'pt-BR' }],
      defaultLocale: 'en-US',
    })!;
    expect(site).toEqual({ locales: ['en-US', 'es-ES', 'pt-BR'], defaultLocale: 'en-US' });
    expect(localeOfPath('/es-ES/gamehall', site)).toBe('es-ES');
    expect(localeOfPath('/gamehall', site)).toBe('en-US');
    expect(localeOfPath('/', site)).toBe('en-US');
    expect(localeOfPath('/fr-FR/x', site)).toBe('en-US');
    expect(offlinePageUrl('pt-BR')).toBe('/_offline/pt-BR');
    expect(readSiteLocales({ locales: 'en-US' })).toBeNull();
    expect(readSiteLocales({ locales: [{ code: '../x' }], defaultLocale: 'en-US' })).toBeNull();
  });
});
