import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICON_NAMES, ICON_SPRITE_URL } from '@northstar/ui/icons';
import type { DatabaseHandle } from '../db/client.ts';
import { createServer } from '../server.ts';
import { testDatabase } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-server.ts';
import {
  decidePlatform,
  DEFAULT_WEBVIEW_TOKENS,
  PLATFORM_COOKIE,
  withPlatformAttribute,
} from './platform-type.ts';

const tokens = DEFAULT_WEBVIEW_TOKENS;
const browser = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36';

describe('decidePlatform (§1 platform types)', () => {
  it('starts the web-view mode from the flag and keeps it by the session cookie', () => {
    expect(
      decidePlatform({ url: '/?platform=webview', cookie: undefined, userAgent: browser, tokens }),
    ).toEqual({ platform: 'webview', cookie: 'set' });
    expect(
      decidePlatform({ url: '/gamehall', cookie: 'webview', userAgent: browser, tokens }),
    ).toEqual({ platform: 'webview', cookie: null });
    // Already kept: no new cookie.
    expect(
      decidePlatform({ url: '/?platform=webview', cookie: 'webview', userAgent: browser, tokens }),
    ).toEqual({ platform: 'webview', cookie: null });
  });

  it('knows the operator’s apps by their user-agent token, with no flag', () => {
    const app = `${browser} NorthstarApp/3.1`;
    expect(decidePlatform({ url: '/', cookie: undefined, userAgent: app, tokens })).toEqual({
      platform: 'webview',
      cookie: null,
    });
    expect(
      decidePlatform({ url: '/', cookie: undefined, userAgent: app, tokens: ['AcmeCasino'] }),
    ).toEqual({ platform: null, cookie: null });
  });

  it('draws only the manifest’s start page as the installed app, and keeps nothing', () => {
    expect(
      decidePlatform({ url: '/es-ES?platform=pwa', cookie: undefined, userAgent: browser, tokens }),
    ).toEqual({ platform: 'pwa', cookie: null });
    expect(
      decidePlatform({ url: '/es-ES', cookie: undefined, userAgent: browser, tokens }),
    ).toEqual({ platform: null, cookie: null });
  });

  it('ends the web-view mode with ?platform=web; anything else is a browser tab', () => {
    expect(
      decidePlatform({ url: '/?platform=web', cookie: 'webview', userAgent: browser, tokens }),
    ).toEqual({ platform: null, cookie: 'clear' });
    expect(
      decidePlatform({ url: '/?platform=<x>', cookie: 'forged', userAgent: undefined, tokens }),
    ).toEqual({ platform: null, cookie: null });
  });

  it('writes the type on the page’s <html> tag only for the two apps', () => {
    const html = '<!doctype html><html lang="en-US"><head></head></html>';
    expect(withPlatformAttribute(html, 'webview')).toContain(
      '<html data-platform="webview" lang="en-US">',
    );
    expect(withPlatformAttribute(html, null)).toBe(html);
  });
});

let folder: string;
let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-platform-type-'));
  const indexFile = path.join(folder, 'apps/shell/dist/index.html');
  mkdirSync(path.dirname(indexFile), { recursive: true });
  writeFileSync(
    indexFile,
    '<!doctype html><html lang="en-US"><head><title>Built</title></head><body><div id="root"></div></body></html>',
  );
  database = await testDatabase();
  app = await createServer(
    { ...testConfig(folder), webviewUserAgents: ['AcmeCasino'] },
    { database, seed: false },
  );
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a page request in the web-view and installed apps', () => {
  it('marks the page and keeps the web-view mode for the session with an HttpOnly cookie', async () => {
    const first = await app.inject({ method: 'GET', url: '/?platform=webview' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<html data-platform="webview"');
    const cookie = first.cookies.find((c) => c.name === PLATFORM_COOKIE);
    expect(cookie).toMatchObject({ value: 'webview', httpOnly: true, sameSite: 'Lax', path: '/' });
    // A session cookie: it ends with the web view.
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();

    const later = await app.inject({
      method: 'GET',
      url: '/gamehall',
      cookies: { [PLATFORM_COOKIE]: 'webview' },
    });
    expect(later.body).toContain('<html data-platform="webview"');

    const ended = await app.inject({
      method: 'GET',
      url: '/?platform=web',
      cookies: { [PLATFORM_COOKIE]: 'webview' },
    });
    expect(ended.body).not.toContain('data-platform');
    expect(ended.cookies.find((c) => c.name === PLATFORM_COOKIE)?.value).toBe('');
  });

  it('knows the operator’s configured user-agent token, and draws a browser tab as before', async () => {
    const native = await app.inject({
      method: 'GET',
      url: '/gamehall',
      headers: { 'user-agent': `${browser} AcmeCasino/2.0` },
    });
    expect(native.body).toContain('<html data-platform="webview"');
    const tab = await app.inject({ method: 'GET', url: '/', headers: { 'user-agent': browser } });
    expect(tab.body).toContain('<html lang="en-US">');
    expect(tab.cookies.find((c) => c.name === PLATFORM_COOKIE)).toBeUndefined();
  });

  it('draws the installed app’s start page as the installed app', async () => {
    const start = await app.inject({ method: 'GET', url: '/?platform=pwa' });
    expect(start.body).toContain('<html data-platform="pwa"');
    expect(start.cookies.find((c) => c.name === PLATFORM_COOKIE)).toBeUndefined();
  });
});

describe('the icons’ sprite (issue #28, §2 /_icons)', () => {
  it('is one SVG of symbols, kept for a year under its current version only', async () => {
    const current = await app.inject({ method: 'GET', url: ICON_SPRITE_URL });
    expect(current.statusCode).toBe(200);
    expect(current.headers['content-type']).toContain('image/svg+xml');
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const name of ICON_NAMES) expect(current.body).toContain(`<symbol id="${name}"`);
    const older = await app.inject({ method: 'GET', url: '/_icons/sprite.svg?v=0000000000' });
    expect(older.statusCode).toBe(200);
    expect(older.headers['cache-control']).toBe('no-cache');
  });
});
