import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAsDemo } from '../support/accounts.ts';
import { startPlatform, WORKSPACE_ROOT } from '../support/platform.ts';
import { startStaticServer } from '../support/static-server.ts';
import { isPlaywrightNotice } from '../support/console.ts';
import { toBeHydrated, toBeStarted } from '../support/hydration.ts';

/**
 * Server rendering (architecture.md "Server rendering"): the first screen arrives as HTML with
 * its content, in the page's language, with the player's header; the browser hydrates it; a
 * remote whose server entry is broken still gets its page, drawn in the browser.
 */

/** The text of the page's `<main>` as the server sent it (no script ran). */
async function mainText(page: Page): Promise<string> {
  return (await page.locator('main').innerText()).replace(/\s+/g, ' ');
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its header, menus, hero and footer', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Promotions' })).toHaveAttribute(
      'href',
      '/promotions',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      '100% up to €500 and 200 free spins on your first deposit',
    );
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // The styles came with the HTML: the header is laid out, not a bare list.
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.height).toBeGreaterThan(40);
    expect(header?.height).toBeLessThan(200);
  });

  test('the game hall in English and in Spanish', async ({ page }) => {
    await page.goto('/gamehall');
    expect(await mainText(page)).toContain('Game hall');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await page.goto('/es-ES/gamehall');
    expect(await mainText(page)).toContain('Sala de juegos');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
    await expect(
      page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link').first(),
    ).toBeVisible();
  });

  test('a slug page shows its text from the content backend', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Northstar');
    expect(await mainText(page)).toContain('recorded in a ledger');
    await page.goto('/pt-BR/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sobre a Northstar');
  });

  test("a signed-in player's first HTML shows the balance", async ({ page }) => {
    await signInAsDemo(page);
    await page.goto('/cashier/deposit');
    const balance = page.getByTestId('header-balance');
    await expect(balance).toBeVisible();
    await expect(balance).toContainText(/€\s?[\d,]+\.\d\d/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  });
});

test('the browser hydrates the server HTML: no console message, and links navigate in the page', async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (isPlaywrightNotice(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') {
      messages.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => messages.push(error.message));
  let loads = 0;
  page.on('load', () => loads++);
  const html = await (await page.request.get('/es-ES/gamehall')).text();
  // The server's HTML holds the page, not an empty root.
  expect(html).toMatch(/<div id="root"><a href="#main"/);
  expect(html).toContain('Sala de juegos');
  // The link is server HTML: it navigates in the page once the browser has hydrated it.
  await page.goto('/es-ES/gamehall', { waitUntil: 'networkidle' });
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Promociones' })
    .click();
  await expect(page).toHaveURL(/\/es-ES\/promotions$/);
  await expect(page.locator('[data-remote="promo"]')).toBeVisible();
  // A client-side navigation: the hydrated router moved, the page did not load again.
  expect(loads).toBe(1);
  expect(messages).toEqual([]);
});

for (const { path, remote, frame } of [
  { path: '/game/northstar-sunny-lemons-rising', remote: 'casino', frame: true },
  { path: '/gamehall', remote: 'casino', frame: false },
  { path: '/loyalty', remote: 'loyalty', frame: false },
]) {
  test(`${path}: the server's HTML of the remote's page is hydrated, not drawn again${frame ? ' (the game launches once)' : ''}`, async ({
    page,
  }) => {
    await signInAsDemo(page);
    // The remote's code comes late, as on a busy phone: the texts of the page's catalogs change
    // meanwhile (the content backend's edits), which must wait for the page to hydrate rather
    // than make React throw the server's HTML away and draw the page again (a second launch of
    // the game, a second game session, every image fetched twice).
    await page.route(new RegExp(`/remotes/${remote}/`), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.addInitScript((name) => {
      document.addEventListener('DOMContentLoaded', () => {
        const held = window as unknown as Record<string, Element | null>;
        held['__serverPage'] = document.querySelector(`[data-remote="${name}"]`);
        held['__serverFrame'] = document.querySelector('iframe');
      });
    }, remote);
    let launches = 0;
    page.on('framenavigated', (navigated) => {
      if (navigated !== page.mainFrame()) launches += 1;
    });
    await page.goto(path);
    const stage = page.locator(`[data-remote="${remote}"]`).first();
    await toBeHydrated(stage);
    // Long enough for a second drawing's frame to have started loading.
    await page.waitForTimeout(1_000);
    const kept = await page.evaluate((name) => {
      const held = window as unknown as Record<string, Element | null>;
      return {
        page:
          held['__serverPage'] !== null &&
          held['__serverPage'] === document.querySelector(`[data-remote="${name}"]`),
        frame: held['__serverFrame'] === document.querySelector('iframe'),
      };
    }, remote);
    expect(kept).toEqual({ page: true, frame: true });
    expect(launches).toBe(frame ? 1 : 0);
  });
}

test('a part that comes after load and cannot (its chunk refused) costs that part, never the page', async ({
  page,
}) => {
  await page.goto('/promotions', { waitUntil: 'load' });
  await toBeStarted(page);
  // From now on no script comes: the after-load parts (a second after load: analytics, the
  // cookie banner, new versions) fail to load, as on a connection lost or a laptop woken late.
  let refused = 0;
  await page.route(/\.js(\?.*)?$/, (route) => {
    refused += 1;
    return route.abort();
  });
  await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { name: /Unexpected Application Error/ })).toHaveCount(0);
  await expect(page.locator('[data-remote="promo"]')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
});

test('search engines get JSON-LD in the page head: Organization on /, FAQPage on the promotions', async ({
  page,
}) => {
  /** The page's JSON-LD blocks, parsed (invalid JSON fails the test). */
  const jsonLd = async () =>
    (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // Still there after hydration: the shell keeps the head the server wrote.
  const [organization] = await jsonLd();
  expect(organization).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Northstar',
  });
  expect(String(organization!.logo)).toMatch(/^https?:\/\/[^/]+\/apple-touch-icon\.png$/);
  await page.goto('/es-ES/promotions');
  const [faq] = await jsonLd();
  expect(faq).toMatchObject({ '@type': 'FAQPage' });
  const questions = faq!.mainEntity as { name: string }[];
  expect(questions[0]!.name).toBe('¿Cómo consigo el bono de bienvenida?');
});

test('pages of different locales rendered at the same time each come in their own language', async ({
  request,
}) => {
  // Every render has its own Lingui instance and transport (apps/shell/src/server/render.tsx):
  // twelve renders in four locales, all in flight at once, must not borrow each other's.
  const expected = {
    'en-US': { path: '/gamehall', menu: 'Main menu', title: 'Game hall' },
    'es-ES': { path: '/es-ES/gamehall', menu: 'Menú principal', title: 'Sala de juegos' },
    'pt-BR': { path: '/pt-BR/gamehall', menu: 'Menu principal', title: 'Salão de jogos' },
    'ru-RU': { path: '/ru-RU/gamehall', menu: 'Главное меню', title: 'Игровой зал' },
  } as const;
  const locales = Object.keys(expected) as (keyof typeof expected)[];
  const order = [...locales, ...locales, ...locales];
  const pages = await Promise.all(
    order.map(async (locale) => {
      const answer = await request.get(expected[locale].path);
      return { locale, status: answer.status(), html: await answer.text() };
    }),
  );
  for (const { locale, status, html } of pages) {
    expect(status, locale).toBe(200);
    const state = JSON.parse(
      /<script type="application\/json" id="ns-state">(.*?)<\/script>/.exec(html)![1]!,
    ) as { locale: string; clientOnlyRemotes: string[] };
    expect(state.locale, locale).toBe(locale);
    expect(state.clientOnlyRemotes, locale).toEqual([]);
    expect(html, locale).toContain(`aria-label="${expected[locale].menu}"`);
    expect(html, locale).toContain(expected[locale].title);
    for (const other of locales.filter((code) => code !== locale)) {
      expect(html, `${locale} page has no ${other} title`).not.toContain(expected[other].title);
    }
  }
});

test("a remote whose server entry throws: the page answers 200 and the browser draws the remote's page", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-ssr-'));
  cpSync(path.join(WORKSPACE_ROOT, 'apps/promo/dist'), path.join(folder, 'promo'), {
    recursive: true,
  });
  writeFileSync(
    path.join(folder, 'promo/server/routes.cjs'),
    "throw new Error('this server entry is broken');\n",
  );
  const cdn = await startStaticServer(folder);
  const remotes = path.join(folder, 'remotes.json');
  writeFileSync(remotes, JSON.stringify({ promo: `${cdn.url}/promo/mf-manifest.json` }));
  // The operator allows the CDN (REMOTE_ORIGINS), so the server does fetch and run the entry.
  const platform = await test.step('start a platform', () =>
    startPlatform({ remotesFile: remotes, env: { REMOTE_ORIGINS: cdn.url } }));
  try {
    const answer = await page.request.get(`${platform.url}/es-ES/promotions`);
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    expect(cdn.requests).toContain('/promo/server/routes.cjs');
    // The shell's header is server-rendered; the remote's page is left to the browser.
    expect(html).toContain('Menú principal');
    expect(html).toContain('"clientOnlyRemotes":["promo"]');
    expect(html).not.toContain('data-remote="promo"');

    const errors: string[] = [];
    page.on('console', (message) => {
      if (isPlaywrightNotice(message.text())) return;
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${platform.url}/es-ES/promotions`);
    await expect(page.locator('[data-remote="promo"]')).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await test.step('close the page', () => page.close());
    await test.step('stop the platform', () => platform.stop());
    await test.step('stop the CDN', () => cdn.stop());
    rmSync(folder, { recursive: true, force: true });
  }
});

test('built scripts name no source map and the site never serves one', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const script = /<script[^>]+src="(\/main\.[0-9a-f]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const code = await (await request.get(script!)).text();
  expect(code).not.toContain('sourceMappingURL');
  expect((await request.get(`${script!}.map`)).status()).toBe(404);
});
