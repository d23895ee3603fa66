import { expect, test, type APIRequestContext, type FrameLocator } from '@playwright/test';
import { DEMO_PLAYER } from '../support/accounts.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';

/**
 * Free spins in the in-house slot (issue #26): the demo player's pack (the demo's free-spins
 * template, granted through the bonus engine: 10 spins of €0.20 on Sunny Lemons Rising) shows in
 * the game frame as "Free spin n of 10 · bet €0.20"; a free spin stakes nothing and its win waits
 * as pending free-spin winnings (bonus money once the pack is over), so the header balance does
 * not move while the counter drops. At 1440 and 375 px. Its own platform: the spins are spent.
 */
let platform: RunningPlatform;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  platform = await startPlatform();
});
test.afterAll(async () => {
  await platform?.stop();
});

const SLOT = { sysname: 'northstar-sunny-lemons-rising', name: 'Sunny Lemons Rising' };
/** games/rounds.ts MIN_ROUND_MS (from a round's result), with a margin. */
const MIN_ROUND_MS = 2_500 + 250;
let lastSpinAt = 0;

async function signIn(request: APIRequestContext) {
  const login = await request.post(`${platform.url}/api/auth/login?v=2.34&locale=en-US`, {
    headers: { 'X-App-Client': 'web/2.34' },
    multipart: { login: DEMO_PLAYER.login, password: DEMO_PLAYER.password },
  });
  expect(login.status()).toBe(200);
}

async function packLeft(request: APIRequestContext): Promise<number> {
  const answer = await request.get(
    `${platform.url}/api/freespins/get?v=2.34&locale=en-US&count=99`,
  );
  const { items } = (
    (await answer.json()) as {
      data: { items: { game: { sysname: string }; remaining_count: number }[] };
    }
  ).data;
  return items.find((p) => p.game.sysname === SLOT.sysname)!.remaining_count;
}

/** The counter's "n" of "Free spin n of 10". */
async function spinNumber(game: FrameLocator): Promise<number> {
  const text = (await game.locator('#freespins-counter').textContent()) ?? '';
  return Number(/Free spin (\d+) of 10/.exec(text)?.[1]);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`${viewport.width} px: a free spin stakes nothing, the counter drops and the balance stays`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signIn(page.request);
    const leftBefore = await packLeft(page.request);
    await page.goto(`${platform.url}/game/${SLOT.sysname}`);
    const balance = page.getByRole('banner').getByTestId('header-balance');
    await expect(balance).toContainText('525.00');

    const game = page.frameLocator(`iframe[title="${SLOT.name}"]`);
    const counter = game.locator('#freespins-counter');
    await expect(counter).toHaveText(`Free spin ${11 - leftBefore} of 10 · bet €0.20`);
    await expect(
      game.getByText('Free-spin winnings are bonus money, with their own wagering.'),
    ).toBeVisible();
    const frameBalance = game.locator('#balance');
    // The frame fills its balance once its wallet call answers ("…" until then).
    await expect(frameBalance).toHaveText(/\d/);
    const shownBefore = await frameBalance.textContent();

    // The spin-speed rule (games/rounds.ts MIN_ROUND_MS: 2.5 s between a player's rounds) holds
    // across the two viewports: the same player spun in the test before this one.
    const since = Date.now() - lastSpinAt;
    if (since < MIN_ROUND_MS) await page.waitForTimeout(MIN_ROUND_MS - since);
    await game.getByRole('button', { name: 'Play a free spin' }).click();
    await expect(game.locator('.result')).toHaveText(/Win: €|No win this time|free spins/, {
      timeout: 30_000,
    });
    // The pause counts from the round's result, which the server settled before it showed.
    lastSpinAt = Date.now();
    await expect(counter).toHaveText(`Free spin ${12 - leftBefore} of 10 · bet €0.20`);
    expect(await spinNumber(game)).toBe(12 - leftBefore);
    expect(await packLeft(page.request)).toBe(leftBefore - 1);
    // No stake from any balance, and the win is not playable money yet: the frame's balance and
    // the header's stay where they were.
    expect(shownBefore).toMatch(/\d/);
    await expect(frameBalance).toHaveText(shownBefore!);
    const answer = await page.request.get(
      `${platform.url}/api/account/getBalance?v=2.34&locale=en-US`,
    );
    expect(
      ((await answer.json()) as { data: { balance_total: { amount: string } } }).data,
    ).toMatchObject({ balance_total: { amount: '525.00' } });
    await expect(balance).toContainText('525.00');
    if (viewport.width === 375) {
      // The counter and its note fit the phone's frame without sideways scroll.
      const overflow = await game
        .locator('body')
        .evaluate((body) => body.scrollWidth - body.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
}
