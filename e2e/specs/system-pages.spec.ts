import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  expect,
  request as apiRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { signInAsDemo, staffAuth } from '../support/accounts.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * System pages (§2) and the §8 handling that raises them: an API answer with a ban, an
 * unavailable application or a 403 takes the page over (forbidden and maintenance without the
 * header and footer), an unknown path is the 404 page, the cashier's payment results have their
 * buttons, and a button disappears when staff blank its text in the content backend.
 */

const ARTIFACTS = path.join(import.meta.dirname, '..', 'artifacts', 'system-pages');

/** The §8 envelope of an error type as the platform answers it. */
function apiError(type: string, code: string, message: string) {
  return JSON.stringify({ error: { type: `${type}Exception`, code, message } });
}

/** Every call to an `/api` method answers the error (the page's own calls and the start-up ones). */
async function answerWith(page: Page, method: string, status: number, body: string) {
  await page.route(`**/api/${method}?**`, (route) =>
    route.fulfill({ status, contentType: 'application/json', body }),
  );
}

const card = (page: Page) => page.locator('[data-system-page]');

test.describe('§8: an API answer takes the page over', () => {
  test('a player answered UserBannedException sees the user-blocked page; its button goes to support', async ({
    page,
  }) => {
    await signInAsDemo(page);
    await answerWith(
      page,
      'account/getBalance',
      403,
      apiError('UserBanned', 'user_banned', 'The account is banned'),
    );
    await page.goto('/gamehall');

    await expect(card(page)).toHaveAttribute('data-system-page', 'user-blocked');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account is blocked');
    // The default layout: the header stays.
    await expect(page.locator('header')).toBeVisible();
    // The game hall itself is not drawn under it.
    await expect(page.locator('[data-remote="casino"]')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    const support = card(page).getByRole('link', { name: 'Contact support' });
    await expect(support).toHaveAttribute('href', '/support');
    await support.click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(card(page)).toHaveCount(0);
  });

  test('ApplicationUnavailableException (503) shows maintenance in the empty layout', async ({
    page,
  }) => {
    await answerWith(
      page,
      'metadata/getgeneralinfo',
      503,
      apiError('ApplicationUnavailable', 'application_unavailable', 'Back soon'),
    );
    await page.goto('/promotions');

    await expect(card(page)).toHaveAttribute('data-system-page', 'maintenance');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’ll be right back');
    await expect(page.locator('header')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    // "Try again" asks the server for the same page again.
    await expect(card(page).getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/promotions',
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('AccessDeniedException (403) shows forbidden in the empty layout; leaving clears it', async ({
    page,
  }) => {
    await answerWith(
      page,
      'metadata/getgeneralinfo',
      403,
      apiError('AccessDenied', 'access_denied', 'Access denied'),
    );
    await page.goto('/es-ES/promotions');

    await expect(card(page)).toHaveAttribute('data-system-page', 'forbidden');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acceso denegado');
    await expect(page.locator('header')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The button leads to the lobby of the same locale, where the route draws again.
    await page.unrouteAll();
    const lobby = card(page).getByRole('link', { name: 'Volver al lobby' });
    await expect(lobby).toHaveAttribute('href', '/es-ES');
    await lobby.click();
    await expect(page).toHaveURL(/\/es-ES$/);
    await expect(card(page)).toHaveCount(0);
    await expect(page.locator('header')).toBeVisible();
  });

  test('an error that is not site-wide leaves the page alone', async ({ page }) => {
    await answerWith(
      page,
      'metadata/getgeneralinfo',
      500,
      apiError('InternalServerError', 'internal_server_error', 'Boom'),
    );
    await page.goto('/promotions');
    await expect(page.locator('[data-remote="promo"]')).toBeVisible();
    await expect(card(page)).toHaveCount(0);
  });
});

test.describe('the server’s first answer (a platform of this test’s own: maintenance is site-wide)', () => {
  let platform: RunningPlatform;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    platform = await startPlatform();
    const staff = await apiRequest.newContext({ baseURL: platform.url });
    const switched = await staff.put('/cms/site-config?locale=en-US', {
      headers: await staffAuth(staff),
      data: { data: { maintenance: true } },
    });
    expect(switched.ok()).toBe(true);
    await staff.dispose();
  });
  test.afterAll(async () => {
    await platform?.stop();
  });

  test('a page answered 503 with the maintenance meta shows maintenance at once', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: platform.url });
    const page = await context.newPage();
    // No API answer reaches the page: only the server's meta can raise the page.
    await page.route('**/api/**', (route) => route.abort());
    const response = await page.goto('/es-ES/gamehall');
    expect(response?.status()).toBe(503);
    await expect(card(page)).toHaveAttribute('data-system-page', 'maintenance');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Volvemos enseguida');
    await expect(page.locator('header')).toHaveCount(0);
    await expect(page.locator('[data-remote="casino"]')).toHaveCount(0);
    await context.close();
  });
});

test('an unknown path shows the not-found page with a button back to the lobby', async ({
  page,
}) => {
  await page.goto('/no/such/page');
  await expect(card(page)).toHaveAttribute('data-system-page', 'not-found');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.locator('header')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const lobby = card(page).getByRole('link', { name: 'Back to the lobby' });
  await expect(lobby).toHaveAttribute('href', '/');
  await lobby.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-remote="shell"]')).toBeVisible();
  await expect(card(page)).toHaveCount(0);
});

test.describe('cashier payment results (signed in)', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsDemo(page);
  });

  for (const { path: resultPath, name, button, target } of [
    { path: '/cashier/paysuccess', name: 'pay-success', button: 'Play now', target: '/gamehall' },
    {
      path: '/cashier/payfail',
      name: 'pay-fail',
      button: 'Try another payment',
      target: '/cashier/deposit',
    },
    {
      path: '/cashier/paycancel',
      name: 'pay-cancel',
      button: 'Back to deposit',
      target: '/cashier/deposit',
    },
    {
      path: '/cashier/paynewwindow',
      name: 'pay-new-window',
      button: 'Back to deposit',
      target: '/cashier/deposit',
    },
    {
      path: '/es-ES/cashier/paysuccess',
      name: 'pay-success',
      button: 'Jugar ahora',
      target: '/es-ES/gamehall',
    },
  ]) {
    test(`${resultPath}: the button goes to ${target}`, async ({ page }) => {
      await page.goto(resultPath);
      await expect(card(page)).toHaveAttribute('data-system-page', name);
      const link = card(page).getByRole('link', { name: button });
      await expect(link).toHaveAttribute('href', target);
      await expect(card(page).getByRole('link')).toHaveCount(1);
      await expect(card(page).locator('img')).toBeVisible();
    });
  }

  /** A new pending deposit of the signed-in player (the provider's page left unpaid). */
  async function pendingDeposit(page: Page): Promise<number> {
    const made = await page.request.post('/api/cashier/makedeposit?v=2.34&locale=en-US', {
      headers: { 'X-App-Client': 'web/2.34' },
      multipart: { method: 'card', amount: '20' },
    });
    expect(made.status()).toBe(200);
    return ((await made.json()) as { data: { transaction: number } }).data.transaction;
  }

  test('a transaction page names the transaction', async ({ page }) => {
    const id = await pendingDeposit(page);
    await page.goto(`/cashier/payfail/${id}`);
    await expect(card(page)).toContainText(`Transaction ${id}`);
  });

  test('a transaction that is not the player’s is the not-found page', async ({ page }) => {
    const response = await page.goto('/cashier/paysuccess/tx-1001');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('pay pending shows an announced spinner instead of an icon, and no button', async ({
    page,
  }) => {
    await page.goto(`/cashier/paypending/${await pendingDeposit(page)}`);
    await expect(card(page)).toHaveAttribute('data-system-page', 'pay-pending');
    await expect(card(page).locator('[data-system-page-spinner]')).toBeVisible();
    await expect(card(page).getByRole('status')).toHaveText('Waiting for the payment');
    await expect(card(page).locator('img')).toHaveCount(0);
    await expect(card(page).getByRole('link')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('pay mobile has no button while its text does not exist', async ({ page }) => {
    await page.goto('/cashier/paymobile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finish on your phone');
    await expect(card(page).getByRole('link')).toHaveCount(0);
  });
});

/** Staff give a message a text of their own in `locale`; the function returned removes it. */
async function overrideText(
  request: APIRequestContext,
  key: string,
  value: string,
  locale: string,
): Promise<() => Promise<void>> {
  const auth = await staffAuth(request);
  const created = await request.post(`/cms/translations?locale=${locale}`, {
    headers: auth,
    data: { data: { key, value } },
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { id: number } };
  return async () => {
    await request.delete(`/cms/translations/${data.id}`, { headers: auth });
  };
}

test('a button disappears when staff blank its text, and appears when they give one', async ({
  page,
  request,
}) => {
  // pt-BR: the other specs leave its texts alone.
  await signInAsDemo(page);
  const undo = [
    await overrideText(request, 'cashier.paySuccess.button', '', 'pt-BR'),
    await overrideText(request, 'cashier.payMobile.button', 'Voltar ao depósito', 'pt-BR'),
  ];
  try {
    await page.goto('/pt-BR/cashier/paysuccess');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagamento aprovado');
    await expect(card(page).getByRole('link')).toHaveCount(0);

    await page.goto('/pt-BR/cashier/paymobile');
    await expect(card(page).getByRole('link', { name: 'Voltar ao depósito' })).toHaveAttribute(
      'href',
      '/pt-BR/cashier/deposit',
    );
  } finally {
    for (const step of undo) await step();
  }
  await page.goto('/pt-BR/cashier/paysuccess');
  await expect(card(page).getByRole('link', { name: 'Jogar agora' })).toHaveAttribute(
    'href',
    '/pt-BR/gamehall',
  );
});

test.describe('screenshots', () => {
  for (const width of [1440, 375]) {
    test(`maintenance and not found at ${width} px`, async ({ page }) => {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 812 });

      await page.goto('/no/such/page');
      await expect(card(page).locator('img')).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(ARTIFACTS, `not-found-${width}.png`) });

      await answerWith(
        page,
        'metadata/getgeneralinfo',
        503,
        apiError('ApplicationUnavailable', 'application_unavailable', 'Back soon'),
      );
      await page.goto('/');
      await expect(card(page)).toHaveAttribute('data-system-page', 'maintenance');
      await expect(card(page).locator('img')).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(ARTIFACTS, `maintenance-${width}.png`) });
      // Nothing runs off the side of a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  }
});
