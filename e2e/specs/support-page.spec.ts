import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { registerPlayer } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { toBeHydrated } from '../support/hydration.ts';

/**
 * Issue #30, the player's side of support: the `/support` page (contact options, the feedback form
 * of §5 with translated field errors, the server's errors on the field, the rate limit, the sent
 * state), and the demo's live chat (our own provider, chosen by the seeded support settings): its
 * "Live chat" button hidden on betting and game pages and shown elsewhere (§2), its "Live support"
 * dialog by keyboard, and axe on both at 1440 and 375 px. An agent answering is the chat's own
 * spec (the back office's console).
 */

const apiFailure = (status: number, error: Record<string, unknown>) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ error: { message: 'refused', ...error } }),
});

/** The live chat has started on the page (§4 loaded), and says whether its badge is shown. */
async function chatStarted(page: Page, badge: 'shown' | 'hidden') {
  await expect(page.locator('html')).toHaveAttribute('data-live-chat', 'northstar', {
    timeout: 15_000,
  });
  await expect(page.locator('html')).toHaveAttribute('data-live-chat-badge', badge);
}

/** A client-side navigation, as a link in the page does (the chat stays started). */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
}

const launcher = (page: Page) => page.getByRole('button', { name: 'Live chat' });

const ARTIFACTS = path.join(import.meta.dirname, '..', 'artifacts', 'support');

/**
 * Whether an agent is there (`chat/getstatus`) depends on the back office's console, which other
 * specs open: each test here says which it wants.
 */
async function agentsOnline(page: Page, online: boolean) {
  await page.route('**/api/chat/getstatus?**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ data: { online, hours: online ? null : 'every day 8:00–24:00' } }),
    }),
  );
}

test.describe('/support', () => {
  test('the feedback form shows §5 errors in the page’s language, then sends', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/es-ES/support');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Atención al cliente' }),
    ).toBeVisible();
    const form = page.getByRole('form', { name: 'Envíanos un mensaje' });
    const submit = form.getByRole('button', { name: 'Enviar consulta' });
    await toBeHydrated(submit);

    await submit.click();
    const email = form.getByLabel('Correo electrónico', { exact: true });
    const message = form.getByLabel('¿Qué quieres contarnos?');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Introduce tu correo electrónico')).toBeVisible();
    await expect(form.getByText('Escribe primero tu mensaje')).toBeVisible();
    // The first failing field has the focus (§5 timing).
    await expect(email).toBeFocused();

    // After a submit, errors follow every change.
    await email.fill('ana@');
    await expect(form.getByText('Correo electrónico no válido')).toBeVisible();
    // Its own address: the platform allows a sender a few messages an hour.
    const address = `ana-${Date.now()}@example.com`;
    await email.fill(address);
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await message.fill('Mi retirada lleva dos días pendiente. ¿Podéis revisarla?');
    await expect(message).not.toHaveAttribute('aria-invalid', 'true');

    const sent = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === '/api/support/sendFeedback' &&
        request.method() === 'POST',
    );
    await submit.click();
    const body = (await sent).postData() ?? '';
    expect(body).toContain(address);
    expect(body).toContain('Mi retirada lleva dos días pendiente');
    const done = page.getByRole('status').filter({ hasText: 'Gracias, tu mensaje está en camino' });
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    await done.getByRole('button', { name: 'Escribir otro mensaje' }).click();
    await expect(form.getByLabel('¿Qué quieres contarnos?')).toHaveValue('');
  });

  test('the server’s field errors show on their field, and a rate limit as a notice', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    let answer = apiFailure(400, {
      type: 'InvalidParameterException',
      code: 'invalid_parameter',
      invalid_parameters: { email: ['email'], message: ['max_length'] },
    });
    await page.route('**/api/support/sendFeedback?**', (route) => route.fulfill(answer));
    await page.goto('/support');
    const form = page.getByRole('form', { name: 'Send us a message' });
    const submit = form.getByRole('button', { name: 'Submit' });
    await toBeHydrated(submit);
    await form.getByLabel('E-mail', { exact: true }).fill('ana@example.com');
    await form.getByLabel('What would you like to tell us?').fill('Hello');
    await submit.click();
    await expect(form.getByLabel('E-mail', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(form.getByText('Wrong email address')).toBeVisible();
    await expect(form.getByText('Keep it to 4,000 characters or fewer')).toBeVisible();

    answer = apiFailure(429, { type: 'TooManyRequestsException', code: 'too_many_requests' });
    await submit.click();
    await expect(
      form.getByRole('alert').filter({ hasText: 'several messages in a short time' }),
    ).toBeVisible();
    await expect(form.getByLabel('What would you like to tell us?')).toHaveValue('Hello');
  });

  for (const width of [1440, 375]) {
    test(`keyboard and axe on /support at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      await page.goto('/support');
      await expect(page.locator('[data-support-page]')).toBeVisible();
      await chatStarted(page, 'shown');
      // The options: the chat (the demo's provider), e-mail, the site's help pages.
      await expect(page.getByRole('heading', { level: 2, name: 'Live chat' })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Help and rules' }).getByRole('link').first(),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // "Write to us" leads to the form; the keyboard reaches its fields and sends.
      const writeToUs = page.getByRole('link', { name: 'Write to us' });
      await toBeHydrated(writeToUs);
      await writeToUs.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#feedback$/);
      const email = page.getByLabel('E-mail', { exact: true });
      await email.focus();
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('What would you like to tell us?')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Submit' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(email).toBeFocused();
      await expect(page.getByText('Insert email address')).toBeVisible();

      // "Start a chat" opens the live chat; Esc closes it and gives the focus back.
      const start = page.getByRole('button', { name: 'Start a chat' });
      await start.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Live support' });
      await expect(dialog).toBeVisible();
      await expect(dialog.locator(':focus')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(start).toBeFocused();
    });
  }
});

test.describe('the live chat (our provider)', () => {
  test('§2 its button is hidden on game and betting pages and shown elsewhere', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await chatStarted(page, 'shown');
    await expect(launcher(page)).toBeVisible();

    await navigate(page, '/game/northstar-dice');
    await expect(page.locator('html')).toHaveAttribute('data-live-chat-badge', 'hidden');
    await expect(launcher(page)).toHaveCount(0);

    await navigate(page, '/promotions');
    await expect(launcher(page)).toBeVisible();

    await navigate(page, '/betting');
    await expect(page.locator('html')).toHaveAttribute('data-live-chat-badge', 'hidden');
    await expect(launcher(page)).toHaveCount(0);

    // A betting or game page opened as the first page: the chat starts with its badge hidden.
    for (const path of ['/es-ES/betting', '/game/northstar-dice']) {
      await page.goto(path);
      await chatStarted(page, 'hidden');
      await expect(launcher(page)).toHaveCount(0);
    }
  });

  for (const width of [1440, 375]) {
    test(`a visitor opens it by keyboard: sign in or leave a message; axe at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      await agentsOnline(page, true);
      await page.goto('/promotions');
      await chatStarted(page, 'shown');
      const button = launcher(page);
      await toBeHydrated(button);
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Live support' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Sign in', exact: true })).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);

      // Focus stays inside: Shift+Tab from the first control goes round to the last.
      await page.keyboard.press('Shift+Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);

      await dialog.getByRole('button', { name: 'Leave a message without signing in' }).click();
      const form = dialog.getByRole('form', { name: 'Leave a message' });
      await form.getByRole('button', { name: 'Leave a message' }).click();
      await expect(form.getByText('Insert email address')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.screenshot({ path: path.join(ARTIFACTS, `chat-visitor-${width}.png`) });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(button).toBeFocused();
    });
  }

  test('while no agent is there, a player leaves a message instead', async ({ page }) => {
    await registerPlayer(page.request, `chat-offline-${Date.now()}@example.com`);
    await agentsOnline(page, false);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await chatStarted(page, 'shown');
    await toBeHydrated(launcher(page));
    await launcher(page).click();
    const dialog = page.getByRole('dialog', { name: 'Live support' });
    await expect(dialog.getByRole('heading', { name: 'We are offline right now' })).toBeVisible();
    await expect(dialog.getByText('every day 8:00–24:00', { exact: false })).toBeVisible();
    const form = dialog.getByRole('form', { name: 'Leave a message' });
    // A player's answer goes to their account's e-mail: none asked.
    await expect(form.getByLabel('E-mail')).toHaveCount(0);
    const text = form.getByLabel('How can we help?');
    await expect(text).toBeFocused();
    await text.fill('Please call me back about my withdrawal.');
    await form.getByRole('button', { name: 'Leave a message' }).click();
    await expect(dialog.getByRole('status')).toContainText('Thank you, we have your message');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, 'chat-offline-375.png') });
  });

  test('a player writes to support: the message shows in the log at once', async ({ page }) => {
    // A player of this test's own: the demo player's conversation is the agents' spec's.
    await registerPlayer(page.request, `chat-${Date.now()}@example.com`);
    await agentsOnline(page, true);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await chatStarted(page, 'shown');
    await toBeHydrated(launcher(page));
    await launcher(page).click();
    const dialog = page.getByRole('dialog', { name: 'Live support' });
    const message = dialog.getByRole('textbox', { name: 'Message' });
    await expect(message).toBeFocused();
    const log = dialog.getByRole('log', { name: 'Messages' });
    await expect(log).toHaveAttribute('aria-live', 'polite');
    await message.fill('Hello, is my deposit bonus active?');
    await message.press('Enter');
    await expect(log.getByText('Hello, is my deposit bonus active?')).toBeVisible();
    await expect(log.getByText('Sent', { exact: true })).toBeVisible();
    await expect(message).toHaveValue('');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, 'chat-player-1440.png') });
  });
});
