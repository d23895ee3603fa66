import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { cmsConfigResponse, localesResponse } from '@northstar/contract';
import { DEMO_PLAYER } from '../demo/index.ts';
import { cmsEditor, cmsJwt, type CmsEditor } from '../testing/cms.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let editor: CmsEditor;

async function json(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, server.url), init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  server = await startTestServer();
  editor = await cmsEditor(server);
}, 60_000);
afterAll(() => server.close());

describe('/nfx/i18n', () => {
  it('lists the locales of the locales table with the default one', async () => {
    const answer = await json('/nfx/i18n/locales');
    expect(answer.status).toBe(200);
    expect(answer.body.defaultLocale).toBe('en-US');
    expect((answer.body.locales as { code: string }[]).map((l) => l.code).sort()).toEqual([
      'en-US',
      'es-ES',
      'pt-BR',
      'ru-RU',
    ]);
  });

  it('answers the catalogs of the apps, overridden by translations edited in /cms', async () => {
    const before = await json('/nfx/i18n/messages/es-ES');
    expect(before.status).toBe(200);
    expect(before.body['footer.legal']).toMatch(/Northstar/);
    expect(Object.keys(before.body).length).toBeGreaterThan(50);
    const created = await json('/cms/translations?locale=es-ES', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...editor.headers },
      body: JSON.stringify({ data: { key: 'footer.legal', value: 'Texto legal editado' } }),
    });
    expect(created.status).toBe(201);
    const after = await json('/nfx/i18n/messages/es-ES');
    expect(after.body['footer.legal']).toBe('Texto legal editado');
    // Other locales keep their catalog text.
    expect((await json('/nfx/i18n/messages/pt-BR')).body['footer.legal']).not.toBe(
      'Texto legal editado',
    );
    const id = (created.body.data as { id: number }).id;
    await fetch(new URL(`/cms/translations/${id}`, server.url), {
      method: 'DELETE',
      headers: editor.headers,
    });
    expect((await json('/nfx/i18n/messages/es-ES')).body['footer.legal']).toBe(
      before.body['footer.legal'],
    );
  });

  it('answers a typed 404 for an unknown locale', async () => {
    const answer = await json('/nfx/i18n/messages/xx-XX');
    expect(answer.status).toBe(404);
    expect((answer.body.error as { type: string }).type).toBe('MethodNotFoundException');
  });
});

describe('/cms/i18n/locales', () => {
  const staff = () => ({ 'content-type': 'application/json', ...editor.headers });
  const staffDelete = () => editor.headers;

  it('lets staff add, rename and withdraw a locale, and /nfx/i18n/locales follows', async () => {
    const created = await json('/cms/i18n/locales', {
      method: 'POST',
      headers: staff(),
      body: JSON.stringify({ code: 'de-DE', name: 'Deutsch' }),
    });
    expect(created).toMatchObject({ status: 201, body: { code: 'de-DE', isDefault: false } });
    const twice = await json('/cms/i18n/locales', {
      method: 'POST',
      headers: staff(),
      body: JSON.stringify({ code: 'de-DE', name: 'Deutsch' }),
    });
    expect(twice.body).toMatchObject({
      error: { details: { invalid_parameters: { code: ['already_exists'] } } },
    });

    const renamed = await json('/cms/i18n/locales/de-DE', {
      method: 'PUT',
      headers: staff(),
      body: JSON.stringify({ name: 'German' }),
    });
    expect(renamed.body).toMatchObject({ name: 'German' });
    let listed = (await json('/nfx/i18n/locales')).body.locales as { code: string; name: string }[];
    expect(listed).toContainEqual({ code: 'de-DE', name: 'German', isDefault: false });

    const removed = await json('/cms/i18n/locales/de-DE', {
      method: 'DELETE',
      headers: staffDelete(),
    });
    expect(removed.status).toBe(200);
    listed = (await json('/nfx/i18n/locales')).body.locales as { code: string; name: string }[];
    expect(listed.map((l) => l.code)).not.toContain('de-DE');
    expect((await json('/nfx/cms-config/de-DE')).status).toBe(404);
  });

  it('keeps the default locale, and refuses visitors, players and bad bodies', async () => {
    const gone = await json('/cms/i18n/locales/en-US', {
      method: 'DELETE',
      headers: staffDelete(),
    });
    expect(gone).toMatchObject({
      status: 400,
      body: { error: { details: { invalid_parameters: { code: ['default_locale'] } } } },
    });
    const visitor = await json('/cms/i18n/locales/es-ES', { method: 'DELETE' });
    expect(visitor.status).toBe(401);
    const playerJwt = await cmsJwt(server.url, DEMO_PLAYER);
    const asPlayer = await json('/cms/i18n/locales/es-ES', {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${playerJwt}`,
      },
      body: JSON.stringify({ name: 'Mine' }),
    });
    // A player's JWT is no back-office session.
    expect(asPlayer.status).toBe(401);
    for (const body of [
      { code: 'not a code', name: 'x' },
      { code: 'it-IT' },
      { code: 'it-IT', name: 'Italiano', isDefault: true },
      [],
      'x',
    ]) {
      const bad = await json('/cms/i18n/locales', {
        method: 'POST',
        headers: staff(),
        body: JSON.stringify(body),
      });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        await json('/cms/i18n/locales/xx-XX', {
          method: 'PUT',
          headers: staff(),
          body: '{"name":"x"}',
        })
      ).status,
    ).toBe(404);
    const names = (
      (await json('/cms/i18n/locales')).body as unknown as { code: string; name: string }[]
    ).map((l) => l.code);
    expect(names).toEqual(['en-US', 'es-ES', 'pt-BR', 'ru-RU']);
  });
});

describe('/nfx/cms-config', () => {
  it('assembles site config and common content from the seeded content', async () => {
    const answer = await json('/nfx/cms-config/pt-BR');
    expect(answer.status).toBe(200);
    const { siteConfig, commonContent } = answer.body as {
      siteConfig: Record<string, Record<string, unknown>>;
      commonContent: Record<string, unknown>;
    };
    const authTypes = siteConfig.auth!.authTypes as { __component: string }[];
    expect(authTypes.map((t) => t.__component)).toEqual(['form', 'fast', 'full', 'social']);
    expect(siteConfig.auth!.currencyConditions).toMatchObject({ defaultValue: 'selectedValue' });
    // Defaults fill what the entry leaves out (§9 balance refresh).
    expect(siteConfig.balanceRefresh).toMatchObject({ countSecondsForInterval: 10 });
    const menu = commonContent.menuLinks as { label: string; url: string }[];
    expect(menu[0]).toMatchObject({ label: 'Cassino', url: '/gamehall' });
    for (const key of [
      'profileLinks',
      'mobileBottomMenu',
      'footerLinks',
      'userMenuLinks',
      'socialItemsList',
    ]) {
      expect((commonContent[key] as unknown[]).length, key).toBeGreaterThan(0);
    }
    expect(commonContent.customCode).toMatchObject({ isEnabled: true, position: 'bodyEnd' });
    expect(commonContent.confirmHint).toMatchObject({ showConfirmContactsHint: true });
  });

  it('answers in the shape of the contract, in every locale, with media flattened to URLs', async () => {
    for (const locale of ['en-US', 'es-ES', 'pt-BR', 'ru-RU']) {
      const answer = await json(`/nfx/cms-config/${locale}`);
      const parsed = v.safeParse(cmsConfigResponse, answer.body);
      expect(parsed.issues?.map((issue) => v.getDotPath(issue)) ?? [], locale).toEqual([]);
    }
    const { commonContent } = (await json('/nfx/cms-config/en-US')).body as {
      commonContent: {
        mobileBottomMenu: { icon?: unknown }[];
        socialItemsList: { icon?: unknown }[];
      };
    };
    // §3: media fields become their url.
    expect(commonContent.mobileBottomMenu[0]!.icon).toBe('/icons/home.svg');
    expect(commonContent.socialItemsList[0]!.icon).toBe('/icons/telegram.svg');
  });

  it('answers the locales in the shape of the contract', async () => {
    const answer = await json('/nfx/i18n/locales');
    expect(v.safeParse(localesResponse, answer.body).success).toBe(true);
  });

  it('follows menu edits made in /cms', async () => {
    const created = await json('/cms/menu-links?locale=ru-RU', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...editor.headers },
      body: JSON.stringify({ data: { label: 'Новое', url: '/new', order: 0 } }),
    });
    expect(created.status).toBe(201);
    const menu = (await json('/nfx/cms-config/ru-RU')).body.commonContent as {
      menuLinks: { label: string }[];
    };
    expect(menu.menuLinks[0]!.label).toBe('Новое');
  });
});

describe('content seed', () => {
  it('has an SEO record for every top-level route in every locale, and robots rules', async () => {
    for (const locale of ['en-US', 'es-ES', 'pt-BR', 'ru-RU']) {
      const answer = await json(`/cms/seos?locale=${locale}&pagination[pageSize]=100&fields=url`);
      const urls = (answer.body.data as { url: string }[]).map((e) => e.url);
      for (const route of ['/', '/gamehall', '/betting', '/cashier', '/profile', '/promotions']) {
        expect(urls, `${locale} ${route}`).toContain(route);
      }
    }
    const domain = await json('/cms/domain-seo-settings?filters[host][$eq]=localhost&locale=es-ES');
    expect((domain.body.data as { robots: string }[])[0]!.robots).toContain('Disallow: /cashier');
  });
});
