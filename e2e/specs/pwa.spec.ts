import { imageSize } from 'image-size';
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { signInAsDemo } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';

const ARTIFACTS = path.join(import.meta.dirname, '..', 'artifacts');

/**
 * Issue #28, the installable app: the service worker (apps/shell/src/sw) registers and makes the
 * site work offline (an offline page for what was never opened, an already-visited visitor page
 * as it was), never keeps a signed-in player's page, and a new build is offered; the manifest
 * names the app and its icons; `/_ipx` resizes the game art the tiles show.
 *
 * The other specs block service workers (playwright.config.ts); these allow them.
 */
test.use({ serviceWorkers: 'allow' });

/** Waits until the page is controlled by the installed worker (clients.claim on activation). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** The paths of the pages the worker keeps for offline. */
function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await (await caches.open('northstar-pages-v1')).keys()).map((r) => new URL(r.url).pathname),
  );
}

const OFFLINE_HEADING = { level: 1, name: 'You’re offline' } as const;

test('the worker installs, says so once, and the site opens offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByText('The site is ready to open even without a connection.')).toBeVisible({
    timeout: 30_000,
  });
  await controlled(page);
  // The worker keeps the pages it serves to a visitor: this load of the home page goes through it.
  await page.goto('/');
  await expect(page.locator('[data-home-lobby]')).toBeVisible();
  // The worker stores the page after answering with it: asked until it is there.
  await expect.poll(() => keptPages(page)).toContain('/');

  await context.setOffline(true);
  // A page never opened: the offline page, in the path's language.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/gamehall');
  await expect(page.getByRole('heading', OFFLINE_HEADING)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(ARTIFACTS, 'pwa-offline-1440.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: path.join(ARTIFACTS, 'pwa-offline-375.png') });
  await page.goto('/es-ES/promotions');
  await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
  // The home page, opened before: as it was, with its lobby.
  await page.goto('/');
  await expect(page.locator('[data-home-lobby]')).toBeVisible();
  await expect(page.getByRole('heading', OFFLINE_HEADING)).toHaveCount(0);
  await context.setOffline(false);
});

test('a signed-in page is never kept, so none is shown from the cache after sign-out', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlled(page);
  await signInAsDemo(page);
  await page.goto('/profile/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/');
  expect((await keptPages(page)).filter((kept) => kept.startsWith('/profile'))).toEqual([]);
  const logout = await page.request.get('/api/auth/logout?v=2.34&locale=en-US', {
    headers: { 'X-App-Client': 'web/2.34' },
  });
  expect(logout.ok()).toBe(true);
  await context.setOffline(true);
  // Chromium takes the offline state to a running worker a moment after `setOffline`: a load in
  // that moment still reaches the server (which sends a visitor from the profile to the home
  // page). Loaded again until the worker is offline; a kept profile page would fail every time.
  await expect(async () => {
    await page.goto('/profile/settings');
    await expect(page.getByRole('heading', OFFLINE_HEADING)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('demo@northstar.test')).toHaveCount(0);
  await context.setOffline(false);
});

test('a new build is offered: Reload takes it, or the next navigation loads it whole', async ({
  page,
}) => {
  await page.route('**/latest.json?**', (route) =>
    route.fulfill({ contentType: 'application/json', body: '{"build":"a-newer-build"}' }),
  );
  await page.goto('/');
  await controlled(page);
  // The tab comes back into view: the page asks latest.json (it also asks every five minutes).
  const asked = page.waitForRequest(/\/latest\.json\?t=\d+/);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await asked;
  const toast = page.getByRole('status').filter({ hasText: 'A new version is ready' });
  await expect(toast).toBeVisible();
  await page.screenshot({ path: path.join(ARTIFACTS, 'pwa-new-version-1440.png') });

  // Not taken: the next navigation inside the site is a full page load.
  await page.evaluate(() => {
    (window as unknown as { __samePage: boolean }).__samePage = true;
  });
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Casino' })
    .click();
  await expect(page).toHaveURL(/\/gamehall$/);
  await page.waitForFunction(
    () => (window as unknown as { __samePage?: boolean }).__samePage === undefined,
  );

  // Taken: Reload loads the page again (the new page listens once it is hydrated).
  await expect(async () => {
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(toast).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.evaluate(() => {
    (window as unknown as { __samePage: boolean }).__samePage = true;
  });
  await toast.getByRole('button', { name: 'Reload' }).click();
  await page.waitForFunction(
    () => (window as unknown as { __samePage?: boolean }).__samePage === undefined,
  );
  await expect(page).toHaveURL(/\/gamehall$/);
});

test('the manifest names the app in the page’s language, with raster icons', async ({ page }) => {
  await page.goto('/es-ES');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest/es-ES.webmanifest');
  const answer = await page.request.get(href!);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as {
    name: string;
    lang: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Northstar Casino',
    lang: 'es-ES',
    start_url: '/es-ES?platform=pwa',
    display: 'standalone',
    theme_color: '#0b1020',
  });
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
    const size = imageSize(await image.body());
    expect(`${size.width}x${size.height}`).toBe(icon.sizes);
  }
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
});

test('/_ipx: the tiles show webp of their own size; a foreign source or a huge size is refused', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/gamehall');
  const tile = page.locator('[data-game] img').first();
  await expect(tile).toBeVisible();
  await expect
    .poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const { current, natural } = await tile.evaluate((img: HTMLImageElement) => ({
    current: img.currentSrc,
    natural: img.naturalWidth,
  }));
  expect(new URL(current).pathname).toMatch(
    /^\/_ipx\/f_webp&fit_cover&s_\d+x\d+&q_95\/originals\/art\//,
  );
  const asked = Number(/s_(\d+)x/.exec(current)![1]);
  expect(natural).toBe(asked);

  const art = new URL(current).pathname.replace(/^\/_ipx\/[^/]+/, '');
  const resized = await page.request.get(`/_ipx/w_200${art}`);
  expect(resized.headers()['content-type']).toBe('image/webp');
  expect(imageSize(await resized.body()).width).toBe(200);
  expect((await page.request.get('/_ipx/w_200/https://images.example.com/a.png')).status()).toBe(
    403,
  );
  expect((await page.request.get(`/_ipx/w_9000${art}`)).status()).toBe(400);
});
