import { expect, test } from '@playwright/test';
import { signInAsDemo } from '../support/accounts.ts';
import { toBeHydrated, toBeStarted } from '../support/hydration.ts';

/**
 * Signs in through the API inside the browser (as the auth popup will) and sees the shell's
 * header show the player and the balance from account/getInfo.
 */
test('the header shows the signed-in player and balance, and signs out', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveCount(0);

  const status = await page.evaluate(async () => {
    const body = new FormData();
    body.append('login', 'demo@northstar.test');
    body.append('password', 'NorthstarDemo1');
    const response = await fetch('/api/auth/login?v=2.34&locale=en-US', {
      method: 'POST',
      body,
      headers: { 'X-App-Client': 'web/2.34' },
      credentials: 'same-origin',
    });
    return response.status;
  });
  expect(status).toBe(200);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'ns_session');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');

  await page.reload();
  const header = page.getByRole('banner');
  await expect(header.getByTestId('header-player')).toHaveText('DemoPlayer');
  // main 500.00 + bonus 25.00 + betting bonus 0.00 (§3), from the ledger.
  await expect(header.getByTestId('header-balance')).toContainText('€ 525.00');
  await expect(header.getByRole('button', { name: 'Sign in' })).toHaveCount(0);

  await page.goto('/es-ES');
  await expect(page.getByTestId('header-balance')).toContainText('525,00 €');

  // Sign-out lives in the player's account menu; a click before its button hydrates does nothing
  // (the balance above is the server's HTML), as a triple run on a busy machine showed.
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menú de la cuenta' });
  await toBeHydrated(menu);
  await menu.click();
  await page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión' }).click();
  // It asks first (a confirm of the dialog queue).
  await page
    .getByRole('alertdialog', { name: '¿Cerrar sesión?' })
    .getByRole('button', { name: 'Cerrar sesión' })
    .click();
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }),
  ).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  const after = await page.evaluate(
    async () => (await fetch('/api/account/getInfo?v=2.34&locale=en-US')).status,
  );
  expect(after).toBe(401);
});

/**
 * §4/§7 "user info is fetched on navigation unless server-rendered": the server-rendered first
 * page asks no more than the start-up does; each client-side page change asks getInfo once.
 */
test('a client-side navigation asks account/getInfo again', async ({ page }) => {
  await signInAsDemo(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/account/getInfo') asked.push(url.pathname);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/promotions');
  await expect(page.locator('[data-remote="promo"]')).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('header-player')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The shell must have started: a click before that is a page load (right for a player, and
  // then the new page's start-up asks, not the navigation).
  await toBeStarted(page);
  const atStart = asked.length;
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Casino' })
    .click();
  await expect(page.locator('[data-remote="casino"]').first()).toBeVisible();
  await expect.poll(() => asked.length).toBe(atStart + 1);
  await page.waitForLoadState('networkidle');
  expect(asked.length).toBe(atStart + 1);
});
