import { expect, test, type Page } from '@playwright/test';
import { registerPlayer } from '../support/accounts.ts';
import { toBeHydrated } from '../support/hydration.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * Promotions, offers and promo codes in Chromium (issue #26): a visitor's claim opens the
 * sign-in popup; a new player activates the demo code FREE10 on /promotions and sees the
 * PromocodeActivatedPopup with the bonus (and the bonus in their bonuses), a second try shows the
 * §8 refusal on the field, claims the midweek gift, and claims the welcome offer, which opens the
 * deposit form with that offer chosen. At 1440 and 375 px, with axe on the pages and the popup.
 */

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

let seq = 0;

for (const width of [1440, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    });

    test('a visitor sees the promotions with their terms; a claim opens the sign-in popup', async ({
      page,
    }) => {
      await page.goto('/promotions');
      const welcome = page.locator('[data-promotion="welcome-bonus"]');
      await expect(welcome.getByRole('heading', { name: /Welcome bonus/ })).toBeVisible();
      await expect(welcome.getByTestId('offer-terms')).toContainText('Wager the bonus 35 times');
      await expect(page.getByText(/on their way|soon/i)).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await noSidewaysScroll(page);

      await welcome.getByTestId('offer-claim').click();
      const dialog = page.getByRole('dialog', { name: 'Sign in to Northstar' });
      await expect(dialog.getByLabel('E-mail or phone')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      // One promotion's page, and the offers page, also for a visitor.
      await page.goto('/promotions/midweek-gift');
      await expect(page.getByRole('heading', { level: 1, name: /Midweek gift/ })).toBeVisible();
      await expect(page.getByTestId('offer-claim')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/offers');
      await expect(page.getByRole('heading', { name: /Welcome bonus/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await noSidewaysScroll(page);
    });

    test('a new player activates a code, sees the popup and the bonus, claims the gift and the welcome offer', async ({
      page,
    }) => {
      await registerPlayer(page.request, `promo-e2e-${width}-${Date.now()}-${++seq}@example.com`);
      await page.goto('/promotions');
      const field = page.getByRole('textbox', { name: 'Promo code' });
      await expect(field).toBeVisible();
      await toBeHydrated(field);
      // §5: the empty field is refused on the field.
      await page.getByTestId('promo-code-submit').click();
      await expect(page.getByText('Enter your promo code')).toBeVisible();

      await field.fill(' free10 ');
      await page.getByTestId('promo-code-submit').click();
      const popup = page.getByRole('dialog', { name: 'Promo code FREE10 activated' });
      await expect(popup.getByTestId('promo-activated-amount')).toHaveText(/10[.,]00/);
      await expect(popup.getByRole('link', { name: 'Go to my bonuses' })).toBeVisible();
      expect(await seriousViolations(page, '[data-dialog-id="promo-activated"]')).toEqual([]);
      await popup.getByRole('button', { name: 'Close' }).click();
      await expect(popup).toHaveCount(0);
      // The bonus is the player's, waiting to be activated.
      const bonuses = await page.request.get('/api/bonuses/get?v=2.34&locale=en-US');
      const items = (
        (await bonuses.json()) as {
          data: { items: { status: string; amount: { amount: string } }[] };
        }
      ).data.items;
      expect(items).toEqual([
        expect.objectContaining({
          status: 'available',
          amount: expect.objectContaining({ amount: '10.00' }),
        }),
      ]);

      // §8: the same code again is refused on its field, translated.
      await field.fill('FREE10');
      await page.getByTestId('promo-code-submit').click();
      await expect(page.getByText('You have already used this promo code')).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');

      // A gift taken at once: the popup, then the card says it is claimed.
      const gift = page.locator('[data-promotion="midweek-gift"]');
      await gift.getByTestId('offer-claim').click();
      const claimed = page.getByRole('dialog', { name: 'Offer claimed' });
      await expect(claimed.getByTestId('promo-activated-amount')).toHaveText(/5[.,]00/);
      await claimed.getByRole('button', { name: 'Close' }).click();
      await expect(gift.getByTestId('offer-claimed')).toBeVisible();

      // The welcome offer is taken with a deposit: the deposit form opens with it chosen.
      await page.locator('[data-promotion="welcome-bonus"]').getByTestId('offer-claim').click();
      await expect(page).toHaveURL(/\/cashier\/deposit\?campaign_offer_id=\d+/);
      const offer = page.getByRole('radio', { name: /Welcome bonus/ });
      await expect(offer).toBeVisible();
      await expect(offer).toBeChecked();
      await noSidewaysScroll(page);
    });
  });
}
