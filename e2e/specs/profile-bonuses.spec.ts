import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerPlayer, signInAsDemo, signInAsStaff } from '../support/accounts.ts';
import { depositThroughSandbox } from '../support/cashier.ts';
import { toBeHydrated } from '../support/hydration.ts';
import { playRound } from '../support/originals.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';
import { seriousViolations } from '../support/axe.ts';

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
const MARKER = { 'X-App-Client': 'web/2.34' };
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
    expect(await seriousViolations(page, undefined, { exclude: 'iframe' })).toEqual([]);

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
    await page.getByTestId('betting-bonuses').getByRole('tab', { name: 'Available (0)' }).click();
    await expect(page.getByTestId('betting-bonuses')).toContainText('You have no free bets.');
    await expect(
      page.getByTestId('betting-bonuses').getByRole('link', { name: 'See promotions' }),
    ).toHaveAttribute('href', '/promotions');
    expect(await seriousViolations(page, undefined, { exclude: 'iframe' })).toEqual([]);
    await page.context().close();
  });
}

test('at 375 px a player enters FREEBET5 and activates the €5 free bet on the Sports betting tab (§2 confirm, axe)', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    baseURL: platform.url,
    // The expiry shows in the player's zone (São Paulo, UTC−3), with the zone named.
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 375, height: 812 },
  });
  const page = await context.newPage();
  await registerPlayer(page.request, `freebet-${Date.now()}@example.com`);
  await page.goto('/profile/bonuses');
  // The code through the page's own promo field (§4), as a player enters it.
  const toggle = page.getByLabel('I have a promo code');
  await toBeHydrated(toggle);
  await toggle.check();
  await page.getByRole('textbox', { name: 'Promo code' }).fill('FREEBET5');
  await page.getByRole('button', { name: 'Activate code' }).click();
  await expect(page.getByText('Promo code activated.')).toBeVisible();

  await page.getByRole('tab', { name: 'Sports betting' }).click();
  const tab = page.getByTestId('betting-bonuses');
  await expect(tab.getByRole('tab', { name: 'Available (1)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const card = tab.getByTestId('free-bet-card');
  await expect(card.getByRole('heading', { name: '€5 free bet' })).toBeVisible();
  await expect(card.getByTestId('free-bet-amount')).toHaveText('€5.00');
  await expect(card.getByTestId('free-bet-min-odds')).toHaveText('1.50');
  await expect(card.getByTestId('free-bet-expiry')).toHaveText(/GMT-3$/);
  await expect(card).toContainText('the free bet’s stake is not paid out');
  // Nothing scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Activate behind the §2 betting-bonus confirm: the safe answer is focused; Escape keeps it.
  const activate = card.getByRole('button', { name: 'Activate', exact: true });
  await toBeHydrated(activate);
  await activate.click();
  const confirm = page.getByRole('alertdialog', { name: 'Activate this free bet?' });
  await expect(confirm).toContainText('at odds of 1.50 or more');
  await expect(confirm.getByRole('button', { name: 'Not now' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await activate.click();
  await confirm.getByRole('button', { name: 'Activate free bet' }).click();
  await expect(confirm).toBeHidden();
  await expect(tab.getByRole('tab', { name: 'Active (1)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(card.getByText('Ready to bet', { exact: true })).toBeVisible();
  // §3: the betting bonus balance is the free bet's €5, from the ledger.
  const balance = await page.request.get(`/api/account/getBalance${API}`);
  const { data } = (await balance.json()) as {
    data: { balance_betting_bonus: { amount: string } };
  };
  expect(data.balance_betting_bonus.amount).toBe('5.00');
  await page.screenshot({ path: `${ARTIFACTS}profile-free-bets-375.png`, fullPage: true });
  expect(await seriousViolations(page, undefined, { exclude: 'iframe' })).toEqual([]);
  await context.close();
});

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

for (const width of [1440, 375]) {
  test(`at ${width} px a free-spins bonus shows its pack (spins left, stake, game), not €0.00`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({
      baseURL: platform.url,
      viewport: { width, height: width > 800 ? 900 : 812 },
    });
    const page = await context.newPage();
    // The demo player holds the demo's free-spins bonus: 10 spins of €0.20 on Sunny Lemons Rising.
    await signInAsDemo(page);
    await page.goto('/profile/bonuses');
    const card = page
      .getByTestId('bonus-card')
      .filter({ has: page.getByTestId('bonus-free-spins') });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('bonus-free-spins')).toHaveText(/^\d+ of 10 left$/);
    await expect(card.getByTestId('bonus-spin-stake')).toHaveText('€0.20');
    await expect(card.getByTestId('bonus-spin-game')).toHaveText('Sunny Lemons Rising');
    await expect(card.getByTestId('bonus-spin-game')).toHaveAttribute('href', `/game/${SLOT}`);
    // No "Bonus €0.00", no empty wagering bar: what the spins win is what will be wagered.
    await expect(card.getByTestId('bonus-amount')).toHaveCount(0);
    await expect(card.getByRole('progressbar')).toHaveCount(0);
    await expect(card.getByTestId('bonus-spins-note')).toContainText('Play your free spins first');
    // The whole page: the list may draw its cards again (a refresh), detaching an element shot.
    await page.screenshot({ path: `${ARTIFACTS}bonus-free-spins-${width}.png`, fullPage: true });
    expect(await seriousViolations(page, undefined, { exclude: 'iframe' })).toEqual([]);
    await context.close();
  });
}

/** Signs the back office's finance account in on this request context. */
async function staffRequest(browser: Browser) {
  const context = await browser.newContext({ baseURL: platform.url });
  await signInAsStaff(context.request, 'finance');
  return context;
}

for (const width of [1440, 375]) {
  test(`at ${width} px a cashback paid as bonus money while another bonus wagers says it waits among the bonuses`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const staff = await staffRequest(browser);
    const post = (method: string, params: Record<string, string>) =>
      staff.request.post(`/api/${method}${API}`, { headers: MARKER, multipart: params });
    const terms = (await (
      await staff.request.get(`/api/cashbacks/staffgetsettings${API}`)
    ).json()) as {
      data: {
        currency: string;
        percent: number;
        min_loss: string;
        cap: string | null;
        period: string;
        payout_to: string;
        wagering_multiplier: number;
        claim_hours: number;
      }[];
    };
    const eur = terms.data.find((t) => t.currency === 'EUR')!;
    const setTerms = (payoutTo: string) =>
      post('cashbacks/staffsetsettings', {
        currency: 'EUR',
        percent: String(eur.percent),
        min_loss: eur.min_loss,
        ...(eur.cap === null ? {} : { cap: eur.cap }),
        period: eur.period,
        payout_to: payoutTo,
        wagering_multiplier: String(payoutTo === 'bonus' ? 5 : eur.wagering_multiplier),
        claim_hours: String(eur.claim_hours),
      });
    // This platform's operator pays cashback as bonus money to wager 5 times.
    expect((await setTerms('bonus')).status()).toBe(200);
    try {
      const context = await browser.newContext({
        baseURL: platform.url,
        viewport: { width, height: width > 800 ? 900 : 812 },
      });
      const page = await context.newPage();
      await registerPlayer(page.request, `cashback-bonus-${width}-${Date.now()}@example.com`);
      // Another bonus wagering: FREE10, activated.
      const code = await page.request.post(`/api/campaigns/activateOffer${API}`, {
        headers: MARKER,
        multipart: { promo_code: 'FREE10' },
      });
      expect(code.status(), await code.text()).toBe(200);
      const bonusId = ((await code.json()) as { data: { bonus: { id: number } } }).data.bonus.id;
      const activated = await page.request.post(`/api/bonuses/activate${API}`, {
        headers: MARKER,
        multipart: { bonus_id: String(bonusId) },
      });
      expect(activated.status()).toBe(200);
      const info = await page.request.get(`/api/account/getInfo${API}`);
      const { uid } = ((await info.json()) as { data: { uid: number } }).data;
      const granted = await post('cashbacks/staffgrant', {
        player_id: String(uid),
        amount: '12.50',
      });
      expect(granted.status(), await granted.text()).toBe(200);

      await page.goto('/');
      const popup = page.getByRole('dialog', { name: 'Your cashback is here' });
      const payout = popup.getByRole('button', { name: 'Pay out' });
      await toBeHydrated(payout);
      await payout.click();
      const notice = popup.getByTestId('cashback-paid');
      await expect(notice).toHaveAttribute('data-paid-to', 'bonus_waiting');
      await expect(notice).toContainText(
        'Your cashback has been added to your bonuses. You are wagering another bonus now: activate this one on your bonuses page when that one is finished.',
      );
      await expect(notice).not.toContainText('paid out');
      await page.screenshot({ path: `${ARTIFACTS}cashback-bonus-waiting-${width}.png` });
      expect(await seriousViolations(page, undefined, { exclude: 'iframe' })).toEqual([]);
      await notice.getByRole('link', { name: 'Go to my bonuses' }).click();
      await expect(page).toHaveURL(/\/profile\/bonuses$/);
      await expect(popup).toHaveCount(0);
      // The page opens on the bonus being wagered; the cashback waits among the available ones.
      await page.getByRole('tab', { name: 'Available (1)' }).click();
      const waiting = page
        .getByTestId('bonus-card')
        .filter({ has: page.getByTestId('bonus-amount').filter({ hasText: '€12.50' }) });
      await expect(waiting).toContainText('Ready to activate');

      await page.goto('/profile/cashback');
      const row = page.getByTestId('cashback-history-row').first();
      await expect(row).toContainText('€12.50');
      await expect(row).toContainText('Added to bonuses');
      await context.close();
    } finally {
      expect((await setTerms(eur.payout_to)).status()).toBe(200);
      await staff.close();
    }
  });
}
