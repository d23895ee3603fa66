import { expect, test } from '@playwright/test';
import { toBeHydrated } from '../support/hydration.ts';
import { isPlaywrightNotice } from '../support/console.ts';

/**
 * #15 the casino's lobby rows on the home page (apps/shell/src/pages/home-lobby.tsx): in the
 * server's HTML, their code not in front of the first screen, and working once scrolled to.
 */

test("the lobby rows come in the home page's HTML, and their code loads only when they are scrolled to", async ({
  page,
}) => {
  // Without JavaScript: the first category row's tiles are already in the page.
  const html = await (await page.request.get('/')).text();
  const lobby = html.slice(html.indexOf('data-home-lobby'));
  expect(lobby).toContain('data-home-row=');
  expect(lobby).toMatch(/<a href="\/game\/[a-z0-9-]+"/);

  // On a 1280×720 screen the rows start below it: the casino's code is not asked for.
  await page.setViewportSize({ width: 1280, height: 720 });
  const casino: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/casino/')) casino.push(new URL(request.url()).pathname);
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (isPlaywrightNotice(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/', { waitUntil: 'networkidle' });
  expect(casino).toEqual([]);

  const row = page.locator('[data-home-row]').first();
  await row.scrollIntoViewIfNeeded();
  await expect.poll(() => casino.some((path) => path.includes('expose_sections'))).toBe(true);
  await page.waitForLoadState('networkidle');

  // Hydrated in place: its "see all" link navigates inside the page, to the filtered hall. The
  // code has arrived when the network is idle, but a busy machine may still be hydrating: a click
  // on the server's link before then is an ordinary page load.
  const seeAll = row.getByRole('link', { name: /^See all/ });
  await toBeHydrated(seeAll);
  await seeAll.click();
  await expect(page).toHaveURL(/\/gamehall\?category=[a-z-]+$/);
  await expect(page.locator('main [data-remote="casino"]')).toBeVisible();
  expect(loads).toBe(1);
  expect(errors).toEqual([]);
});

test('a client-side visit to the home page draws the lobby rows when they come on screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/promotions', { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: 'Northstar Casino, home' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  const place = page.locator('[data-home-lobby]');
  await place.scrollIntoViewIfNeeded();
  await expect(place.locator('[data-home-row] a[href^="/game/"]').first()).toBeVisible();
  // Nothing on the phone's screen scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});

test('the home page’s banners come from banners/get, each leading where the operator says (issue #26)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const offers = page.getByRole('region', { name: 'Offers' });
  await offers.scrollIntoViewIfNeeded();
  // The demo's welcome banner (content backend, link /promotions) in the §9 phone size.
  const banner = offers.getByRole('link', { name: 'Welcome bonus 100% up to €500' });
  await expect(banner).toHaveAttribute('href', '/promotions');
  await expect(banner.locator('img')).toHaveAttribute('width', '360');
  await toBeHydrated(banner);
  await banner.click();
  await expect(page).toHaveURL(/\/promotions$/);
});
