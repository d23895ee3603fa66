import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { depositThroughSandbox, payOnSandboxPage } from '../support/cashier.ts';
import { toBeHydrated } from '../support/hydration.ts';
import { launchToken, playRound } from '../support/originals.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';
import { fillProfile } from '../support/registration.ts';

/**
 * The promotion journey of issue #26, end to end in Chromium: a visitor finds the welcome offer
 * on the home page, claims it on /promotions (the sign-in popup opens), registers with the promo
 * code WELCOME100, deposits the offer's minimum (€20: a €20 bonus to wager 35 times, €700) on the
 * deposit form with the offer chosen and pays on the sandbox provider's page; on /profile/bonuses
 * the bonus's progress moves in full for a slot and by a tenth on roulette; the slot refuses a
 * stake over the €5 max bet with the translated refusal from the wallet's debit; the player wagers
 * the rest and the bonus converts, once, into withdrawable money. 1440 px for all of it, 375 px
 * for the claim, the sign-up and the deposit. Its own platform: new players' sign-up budget.
 */
let platform: RunningPlatform;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  platform = await startPlatform();
});
test.afterAll(async () => {
  await platform?.stop();
});

const API = '?v=2.34&locale=en-US';
const SLOT = { sysname: 'northstar-sunny-lemons-rising', name: 'Sunny Lemons Rising' };
const ROULETTE = 'northstar-european-roulette';
const euros = (amount: number | string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(Number(amount));

interface BonusItem {
  status: string;
  amount: { amount: string };
  wagering: { required: { amount: string }; done: { amount: string }; percent: string };
}

async function bonuses(request: APIRequestContext): Promise<BonusItem[]> {
  const answer = await request.get(`/api/bonuses/get${API}`);
  return ((await answer.json()) as { data: { items: BonusItem[] } }).data.items;
}

async function balances(request: APIRequestContext) {
  const answer = await request.get(`/api/account/getBalance${API}`);
  const { data } = (await answer.json()) as {
    data: Record<'balance_main' | 'balance_bonus' | 'balance_total', { amount: string }>;
  };
  return {
    main: data.balance_main.amount,
    bonus: data.balance_bonus.amount,
    total: data.balance_total.amount,
  };
}

/**
 * From the home page to a paid deposit with the welcome offer, as a visitor does it: the banner,
 * the offer's claim (sign-in popup, then "Create an account"), the registration form with the
 * promo code, the deposit form the sign-up lands on (the offer chosen), the provider's page.
 */
async function claimRegisterAndDeposit(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: platform.url,
    viewport: { width, height: width > 800 ? 900 : 812 },
  });
  const page = await context.newPage();
  await page.goto('/');
  // The row is scrolled to, not the banner: the banner's node is replaced when the row hydrates
  // (a run of the suite found it detached mid-scroll). The row's region can be replaced too when
  // the lazy lobby rows take over the server's HTML: the scroll is tried again on a fresh node.
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(async () => {
    await offers.scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const banner = offers.getByRole('link', { name: 'Welcome bonus 100% up to €500' });
  await toBeHydrated(banner);
  await banner.click();
  await expect(page).toHaveURL(/\/promotions$/);

  // The offer says what stands between the bonus and a withdrawal before anyone claims it.
  const welcome = page.locator('[data-promotion="welcome-bonus"]');
  await expect(welcome.getByTestId('offer-terms')).toContainText('Wager the bonus 35 times');
  const claim = welcome.getByTestId('offer-claim');
  await toBeHydrated(claim);
  await claim.click();
  const signIn = page.getByRole('dialog', { name: 'Sign in to Northstar' });
  await expect(signIn.getByLabel('E-mail or phone')).toBeVisible();
  await signIn.getByRole('button', { name: 'Create an account' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('E-mail').fill(`journey-${width}-${Date.now()}@example.com`);
  await dialog.getByLabel('Password', { exact: true }).fill('Secret-123');
  await fillProfile(dialog);
  await dialog.getByLabel('I have a promo code').check();
  await dialog.getByLabel('Promo code', { exact: true }).fill('WELCOME100');
  await expect(dialog.getByTestId('promo-valid')).toHaveText('Promo code WELCOME100 applies');
  await dialog.getByRole('button', { name: 'Create account' }).click();

  // §4: the code entered at sign-up chose the welcome offer on the deposit form.
  await expect(page.getByText('Welcome aboard!')).toBeVisible();
  await expect(page).toHaveURL(/\/cashier\/deposit\?.*campaign_offer_id=\d+/);
  await page
    .getByRole('dialog', { name: 'Confirm your e-mail' })
    .getByRole('button', { name: 'Later' })
    .click();
  const offer = page.getByRole('radio', { name: /Welcome bonus/ });
  await expect(offer).toBeChecked();
  const amount = page.getByLabel('Amount (EUR)');
  await toBeHydrated(amount);
  await amount.fill('20');
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: /^Deposit/ }).click();
  const provider = await opened;
  await payOnSandboxPage(provider, '20.00');
  await expect(provider.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await provider.close();

  // The offer's bonus: €20 on €20, waiting to be activated.
  await expect.poll(async () => (await bonuses(page.request)).length).toBe(1);
  await page.goto('/profile/bonuses');
  const card = page.getByTestId('bonus-card');
  await expect(card.getByRole('heading', { name: /^Welcome bonus/ })).toBeVisible();
  await expect(card.getByTestId('bonus-amount')).toHaveText('€20.00');
  await expect(card.getByTestId('bonus-progress-text')).toHaveText('€0.00 of €700.00 (0.00 %)');
  await expect(card.getByTestId('bonus-max-bet')).toHaveText('€5.00');
  return page;
}

test('at 375 px a visitor claims the welcome offer, registers with WELCOME100 and deposits with it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await claimRegisterAndDeposit(browser, 375);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.context().close();
});

test('at 1440 px the welcome offer from claim to withdrawable money: progress by game, the max bet, conversion', async ({
  browser,
}) => {
  // The wagering of €700 is played for real below (140 rounds): minutes, not seconds.
  test.setTimeout(600_000);
  const page = await claimRegisterAndDeposit(browser, 1440);
  const card = page.getByTestId('bonus-card');
  const progress = card.getByTestId('bonus-progress-text');

  const activate = card.getByRole('button', { name: 'Activate', exact: true });
  await toBeHydrated(activate);
  await activate.click();
  await page
    .getByRole('alertdialog', { name: 'Activate this bonus?' })
    .getByRole('button', { name: 'Activate bonus' })
    .click();
  await expect(page.getByRole('tab', { name: 'Active (1)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The bonus money is in the balance now (€20 + €20), not yet withdrawable.
  expect(await balances(page.request)).toEqual({ main: '20.00', bonus: '20.00', total: '40.00' });

  // In the slot's own page: a €10 stake is over the max bet, refused at the debit with the
  // game's translated words (nothing staked); then a €1 spin.
  await page.goto(`/game/${SLOT.sysname}`);
  const game = page.frameLocator(`iframe[title="${SLOT.name}"]`);
  await expect(game.locator('#balance')).toHaveText(/40[.,]00/);
  const stake = game.getByLabel('Stake');
  await stake.selectOption('1000');
  await game.getByRole('button', { name: 'Spin', exact: true }).click();
  await expect(game.locator('#notice')).toHaveText(
    'This stake is above your bonus’s maximum bet. Lower the stake to play.',
  );
  await expect(game.locator('#balance')).toHaveText(/40[.,]00/);
  expect(await balances(page.request)).toMatchObject({ total: '40.00' });
  // The refused round is void, and its end starts the game's 2.5 s pace (games/rounds.ts
  // checkPace): the player lowers the stake and spins again after it.
  await page.waitForTimeout(2_600);
  await stake.selectOption('100');
  await game.getByRole('button', { name: 'Spin', exact: true }).click();
  await expect(game.locator('.result')).toHaveText(/Win: €|No win this time|jackpot/i, {
    timeout: 30_000,
  });

  // A slot's stake counts in full: €1.00 of €700.00.
  await page.goto('/profile/bonuses');
  await expect(progress).toHaveText('€1.00 of €700.00 (0.14 %)');
  await expect(card).toContainText('€699.00 left to wager');

  // Roulette counts 10 %: a €1 bet on red (through the round endpoint its page uses) moves it
  // by ten cents only.
  await playRound(page.request, ROULETTE, { bets: [{ kind: 'red', stake: 100 }] });
  await page.reload();
  await expect(progress).toHaveText('€1.10 of €700.00 (0.15 %)');
  await expect(card).toContainText('€698.90 left to wager');

  // The rest is wagered for real at the max bet through the in-house slots' round endpoint. The
  // outcome must not decide whether the test finishes: the player first tops up €700 of real
  // money without an offer, and real money is staked before bonus money (wallet README "Bonus
  // money"), so every remaining stake is covered by real money even if every round loses, the
  // €20 of bonus money is never staked, and it converts whole. The rounds go round the site's
  // own slots (all count 100 %): each game's 2.5 s pace (games/rounds.ts) is kept, as a player
  // with several games open keeps it, without waiting 140 × 2.5 s on one game.
  await depositThroughSandbox(page.request, '700');
  const [bonus] = await bonuses(page.request);
  const left =
    Math.round(Number(bonus!.wagering.required.amount) * 100) -
    Math.round(Number(bonus!.wagering.done.amount) * 100);
  expect(left).toBe(69_890);
  const found = await page.request.get(
    `/api/games/get${API}&options=${encodeURIComponent(
      JSON.stringify({ providers: ['northstar'], category: 'slots', limit: 50 }),
    )}`,
  );
  const slots = ((await found.json()) as { data: { items: { sysname: string }[] } }).data.items;
  expect(slots.length).toBeGreaterThan(3);
  const tokens = new Map<string, string>();
  for (const slot of slots) tokens.set(slot.sysname, await launchToken(page.request, slot.sysname));
  const rounds = Math.ceil(left / 500);
  for (let i = 0; i < rounds; i++) {
    const slot = slots[i % slots.length]!.sysname;
    await playRound(page.request, slot, { stake: 500 }, tokens.get(slot));
    if (i === rounds - 2) {
      // One round before the end the bonus is still wagering, its money still bonus money.
      expect(await bonuses(page.request)).toEqual([expect.objectContaining({ status: 'active' })]);
      expect(await balances(page.request)).toMatchObject({ bonus: '20.00' });
    }
  }
  // The total stays what it is when the bonus converts: it all becomes main money.
  const total = (await balances(page.request)).total;

  // The bonus job (every 15 s) converts it: wagered, 100 %, the bonus balance main money now.
  await expect
    .poll(async () => (await bonuses(page.request))[0]!.status, { timeout: 45_000 })
    .toBe('wagered');
  expect(await balances(page.request)).toEqual({ main: total, bonus: '0.00', total });
  await page.goto('/profile/bonuses');
  await page.getByRole('tab', { name: 'History (1)' }).click();
  await expect(card.getByText('Wagered: paid out', { exact: true })).toBeVisible();

  // Withdrawable: the cashier's withdraw page offers all of it, the former bonus included.
  await page.goto('/cashier/withdraw');
  const available = page
    .getByText('Available to withdraw')
    .locator('xpath=following-sibling::dd[1]');
  // The cashier writes the symbol apart from the digits (€ 599.50); the amount is what counts.
  await expect(available).toHaveText(
    new RegExp(`^€\\s?${euros(total).slice(1).replace('.', '\\.')}$`),
  );

  // Converted once: a later pass of the job changes nothing.
  await page.waitForTimeout(16_000);
  expect(await balances(page.request)).toEqual({ main: total, bonus: '0.00', total });
  expect((await bonuses(page.request)).map((b) => b.status)).toEqual(['wagered']);
  await page.context().close();
});
