import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerPlayer } from '../support/accounts.ts';
import { depositThroughSandbox } from '../support/cashier.ts';
import { toBeHydrated } from '../support/hydration.ts';
import { playRound } from '../support/originals.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';

/**
 * `/profile/bonuses` (§2, issue #26) in Chromium at 1440 and 375 px: a new player deposits with
 * the welcome offer (WELCOME100: 100 % up to €500, wagered 35 times, slots 100 %, tables and dice
 * 10 %, at most €5 a bet) and sees the bonus with 0 % progress, the max bet, the weighting table
 * and its deadline in their own time zone; activates and deactivates it behind the §2 confirms
 * (from the keyboard), plays a slot round and sees the progress move, is told a bonus in play
 * cannot be deactivated, is warned when the wagering time is nearly over, and removes it. axe
 * finds nothing serious. Its own platform: new players' sign-up budget and bonus state.
 */
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const API = '?v=2.34&locale=en-US';
/** A slot: its stakes count in full. */
const SLOT = 'northstar-sunny-lemons-rising';

let platform: RunningPlatform;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  platform = await startPlatform();
});
test.afterAll(async () => {
  await platform?.stop();
});

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document.getAnimations().map((animation) => animation.finished.catch(() => null)),
      ),
      // A looping animation (a skeleton's shimmer) never finishes.
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('iframe')
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A new EUR player who deposited €100 with the welcome offer (paid on the sandbox's form). */
async function playerWithWelcomeBonus(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: platform.url,
    // The player's zone: the page shows the deadline there, not in UTC (São Paulo is UTC−3).
    timezoneId: 'America/Sao_Paulo',
    viewport: { width, height: width > 800 ? 900 : 812 },
  });
  const page = await context.newPage();
  await registerPlayer(page.request, `bonus-${width}-${Date.now()}@example.com`);
  const settings = await page.request.get(`/api/cashier/getdepositsettings${API}`);
  const { offers } = (
    (await settings.json()) as { data: { offers: { id: number; title: string }[] } }
  ).data;
  const welcome = offers.find((offer) => offer.title.startsWith('Welcome bonus'));
  expect(welcome).toBeDefined();
  await depositThroughSandbox(page.request, '100', { campaign_offer_id: String(welcome!.id) });
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/bonuses/get${API}`);
      return ((await answer.json()) as { data: { total: number } }).data.total;
    })
    .toBe(1);
  return page;
}

for (const width of [1440, 375]) {
  test(`at ${width} px a new player wagers the welcome bonus on /profile/bonuses: progress, max bet, weights, confirms`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await playerWithWelcomeBonus(browser, width);
    await page.goto('/profile/bonuses');
    await expect(page.getByRole('heading', { level: 1, name: 'Bonuses' })).toBeVisible();

    // The casino tab first (bonusesSwitchOrder), the "Available" filter open: the new bonus.
    await expect(page.getByRole('tab', { name: 'Casino' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: 'Available (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const card = page.getByTestId('bonus-card');
    await expect(card.getByRole('heading', { name: /^Welcome bonus/ })).toBeVisible();
    await expect(card.getByTestId('bonus-amount')).toHaveText('€100.00');
    const bar = card.getByRole('progressbar', { name: 'Wagering progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    await expect(card.getByTestId('bonus-progress-text')).toHaveText('€0.00 of €3,500.00 (0.00 %)');
    await expect(card.getByTestId('bonus-max-bet')).toHaveText('€5.00');
    const weights = card.getByRole('table', { name: 'How much of each bet counts' });
    await expect(weights.getByRole('row', { name: 'Slots 100 %' })).toBeVisible();
    await expect(weights.getByRole('row', { name: 'Table games 10 %' })).toBeVisible();
    await expect(weights.getByRole('row', { name: 'All other games 0 %' })).toBeVisible();
    // The time to activate, in the player's zone (São Paulo, UTC−3), with the zone named.
    await expect(card.getByTestId('bonus-deadline')).toHaveText(/GMT-3$/);

    // Activate from the keyboard: the confirm opens with the safe answer focused; Escape keeps it.
    const activate = card.getByRole('button', { name: 'Activate', exact: true });
    await toBeHydrated(activate);
    await activate.focus();
    await page.keyboard.press('Enter');
    const activateConfirm = page.getByRole('alertdialog', { name: 'Activate this bonus?' });
    await expect(activateConfirm).toContainText('a single bet may be at most €5.00');
    await expect(activateConfirm.getByRole('button', { name: 'Not now' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(activateConfirm).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Active (0)' })).toBeVisible();
    await activate.focus();
    await page.keyboard.press('Enter');
    await activateConfirm.getByRole('button', { name: 'Activate bonus' }).click();
    await expect(activateConfirm).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Active (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(card.getByText('Wagering', { exact: true })).toBeVisible();
    await expect(card.getByText('Wager by')).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    await page.screenshot({ path: `${ARTIFACTS}profile-bonuses-${width}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Deactivate before any bet (its confirm), then activate again.
    await card.getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByRole('alertdialog', { name: 'Deactivate this bonus?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await expect(page.getByRole('tab', { name: 'Available (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await card.getByRole('button', { name: 'Activate', exact: true }).click();
    await activateConfirm.getByRole('button', { name: 'Activate bonus' }).click();
    await expect(page.getByRole('tab', { name: 'Active (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // A €1 spin on a slot counts in full: €1.00 of €3,500.00, 0.02 % (rounded down).
    await playRound(page.request, SLOT, { stake: 100 });
    await page.reload();
    await expect(card.getByTestId('bonus-progress-text')).toHaveText('€1.00 of €3,500.00 (0.02 %)');
    await expect(bar).toHaveAttribute('aria-valuenow', '0.02');
    await expect(card).toContainText('€3,499.00 left to wager');

    // In play now: deactivating is refused with the reason on the card.
    await toBeHydrated(card.getByRole('button', { name: 'Deactivate' }));
    await card.getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByRole('alertdialog', { name: 'Deactivate this bonus?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await expect(card.getByRole('alert')).toHaveText(
      /already in play, so it cannot be deactivated/,
    );

    // Near the end of the wagering time the card warns (the browser's clock 4½ hours before it;
    // the card counts whole minutes and rounds the hours left up: "in 5 hours").
    const deadline = Date.parse(
      (await card.getByTestId('bonus-deadline').getAttribute('datetime'))!,
    );
    const later = await page.context().newPage();
    await later.clock.install({ time: deadline - 4.5 * 3_600_000 });
    await later.goto('/profile/bonuses');
    await expect(later.getByTestId('bonus-expiry-warning')).toHaveText(
      /the wagering ends in 5 hours/,
    );
    await later.close();

    // Remove (its confirm): the bonus goes to the history as removed.
    await card.getByRole('button', { name: 'Remove' }).click();
    const removeConfirm = page.getByRole('alertdialog', { name: 'Remove this bonus?' });
    await expect(removeConfirm.getByRole('button', { name: 'Keep my bonus' })).toBeFocused();
    await removeConfirm.getByRole('button', { name: 'Remove bonus' }).click();
    await expect(page.getByRole('tab', { name: 'History (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(card.getByText('Removed', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Remove' })).toHaveCount(0);

    // The betting tab says plainly that there are no free bets, and leads to the promotions.
    await page.getByRole('tab', { name: 'Sports betting' }).click();
    await expect(page.getByTestId('betting-bonuses')).toContainText('You have no free bets.');
    await expect(
      page.getByTestId('betting-bonuses').getByRole('link', { name: 'See promotions' }),
    ).toHaveAttribute('href', '/promotions');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
}

test('the promo-code switcher reveals the field, which needs a code and shows the §8 message on it', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: platform.url });
  const page = await context.newPage();
  await registerPlayer(page.request, `promo-${Date.now()}@example.com`);
  await page.goto('/profile/bonuses');
  const toggle = page.getByLabel('I have a promo code');
  await toBeHydrated(toggle);
  const field = page.getByRole('textbox', { name: 'Promo code' });
  await expect(field).toHaveCount(0);
  await toggle.check();
  await page.getByRole('button', { name: 'Activate code' }).click();
  await expect(field).toHaveAccessibleDescription(/Enter your promo code/);
  await field.fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Activate code' }).click();
  // Whatever the server answers for an unknown code, the field says it in words, not a code.
  await expect(field).toHaveAccessibleDescription(
    /This promo code is not valid|Promo codes cannot be activated right now/,
  );
  await context.close();
});
