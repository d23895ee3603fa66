import { expect, test } from '@playwright/test';
import { isProtectedPath, pageDecision } from '@northstar/shell-sdk/page-rules';
import { signInAsDemo } from '../support/accounts.ts';
import { toBeHydrated } from '../support/hydration.ts';
import { ROUTE_MANIFEST, samplePath } from '../support/routes.ts';

/**
 * Every route of the manifest in es-ES renders inside the shell with the owning app's
 * `data-remote` marker (without a prefix, routing.spec.ts visits every route); for a remote, its
 * `mf-manifest.json` was requested. A player's page is opened signed in (a visitor is sent to the
 * index, §2); a legacy path answers a player 404 (server-status.spec.ts checks those statuses);
 * the slug route opens a seeded page. Redirects and 404s are checked with and without a prefix.
 */
const cases = ROUTE_MANIFEST.filter((entry) => !entry.prefixed || entry.locale === 'es-ES');

for (const entry of cases) {
  const sample = samplePath(entry.path);
  const url = entry.id === 'slug' ? sample.replace(/about-us$/, 'about') : sample;
  const decision = pageDecision(url, { signedIn: true });
  if (decision.kind === 'redirect') {
    // A legacy address the page rules send on (`/responsible-game` → its profile page, #25).
    test(`${url} → ${decision.status} ${decision.to} (${entry.id})`, async ({ page }) => {
      if (isProtectedPath(url) || isProtectedPath(decision.to)) await signInAsDemo(page);
      const answer = await page.request.get(url, { maxRedirects: 0 });
      expect(answer.status()).toBe(decision.status);
      expect(new URL(answer.headers()['location'] ?? '', 'http://site').pathname).toBe(
        new URL(decision.to, 'http://site').pathname,
      );
    });
    continue;
  }
  if (decision.kind === 'not-found') {
    test(`${url} → 404 (${entry.id})`, async ({ page }) => {
      // As a player: a visitor on a protected segment (`bets`) is sent to sign in first (§2).
      if (isProtectedPath(url)) await signInAsDemo(page);
      expect((await page.request.get(url, { maxRedirects: 0 })).status()).toBe(404);
    });
    continue;
  }
  // A page load per route in es-ES; the same routes without a prefix are loaded, as a visitor
  // and as a player at both widths, by routing.spec.ts's "visits every route" (owner, fallback,
  // sideways scroll at 375 px, console).
  if (!entry.prefixed) continue;
  test(`${url} → ${entry.owner} (${entry.id})`, async ({ page }) => {
    if (isProtectedPath(url)) await signInAsDemo(page);
    const manifests: string[] = [];
    page.on('request', (request) => {
      const match = /\/remotes\/([a-z]+)\/mf-manifest\.json/.exec(request.url());
      if (match?.[1]) manifests.push(match[1]);
    });
    // Phones first: 375 px wide, and nothing may scroll sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    await expect(page.locator(`[data-remote="${entry.owner}"]`)).toBeVisible();
    await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
    if (entry.layout === 'default' || entry.layout === 'game') {
      // Inside the shell: its header is there.
      await expect(page.getByRole('banner')).toBeVisible();
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'horizontal scroll at 375 px').toBeLessThanOrEqual(0);
    if (entry.owner !== 'shell') expect(manifests).toContain(entry.owner);
    else expect(manifests).toEqual([]);
  });
}

test('the redirects of §2 land on their targets inside the owning remote', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/profile/bets');
  await expect(page).toHaveURL(/\/profile\/bets\/history$/);
  await expect(page.locator('[data-remote="profile"]')).toBeVisible();
  await page.goto('/es-ES/cashier/billing');
  await expect(page).toHaveURL(/\/es-ES\/cashier\/deposit$/);
  await expect(page.locator('[data-remote="cashier"]')).toBeVisible();
});

test('a path that matches nothing shows the not-found page inside the shell', async ({ page }) => {
  await page.goto('/gamehall/slots/extra/segments');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
});

test('a remote page is reached by client-side navigation from the shell menu', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.locator('[data-remote="shell"]')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Promotions' })
    .click();
  await expect(page).toHaveURL(/\/promotions$/);
  await expect(page.locator('[data-remote="promo"]')).toBeVisible();
});

test('the cashier’s own child routes (#23 §3): 200 with its page, an unknown child 404, on a first load and in the browser', async ({
  page,
}) => {
  // apps/cashier/src/child-routes.ts declares the pay result pages, not the central table.
  await signInAsDemo(page);
  const child = await page.goto('/cashier/paycancel');
  expect(child?.status()).toBe(200);
  await expect(page.locator('[data-remote="cashier"]')).toBeVisible();

  const unknown = await page.goto('/cashier/paywhatever');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  // The server's HTML shows the heading before the shell's router runs; a history change made
  // before it would be read as the first location, not handled as a navigation (one run of #23's
  // three then never showed the last not-found page).
  await toBeHydrated(page.getByRole('heading', { name: 'Page not found' }));

  // A client-side navigation (the shell's guard, not the platform) decides the same.
  const navigate = (path: string) =>
    page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  await navigate('/es-ES/cashier/payfail');
  await expect(page.locator('[data-remote="cashier"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  await navigate('/cashier/paycancel/extra');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
