import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PLAYER } from '../support/accounts.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * The casino's lobby pages (issue #15) in Chromium: providers with the API's counts, each
 * opening its filtered hall; a jackpot's page with the games the API says feed it, and an
 * unknown jackpot's 404; the winners page taking a new win from a real round through the wallet
 * without a reload; 375 px without sideways scroll; axe on each page. Its own platform: the
 * real rounds change the demo player's balance.
 */
let platform: RunningPlatform;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  platform = await startPlatform();
});
test.afterAll(async () => {
  await platform?.stop();
});

const apiGet = async (
  request: APIRequestContext,
  method: string,
  params: Record<string, string> = {},
) => {
  const query = new URLSearchParams({ v: '2.34', locale: 'en-US', ...params });
  const answer = await request.get(`${platform.url}/api/${method}?${query}`);
  expect(answer.status(), method).toBe(200);
  return ((await answer.json()) as { data: unknown }).data;
};

type Listed<T> = { total: number; items: T[] };

test('providers: every card shows the API count and opens its filtered hall', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const providers = (await apiGet(page.request, 'games/getProviders')) as Listed<{
    sysname: string;
    name: string;
    games_count: number;
  }>;
  expect(providers.total).toBeGreaterThan(1);
  await page.goto(`${platform.url}/providers`);
  const cards = page.locator('[data-provider]');
  await expect(cards).toHaveCount(providers.total);
  for (const provider of providers.items) {
    const card = page.locator(`[data-provider="${provider.sysname}"]`);
    await expect(card).toHaveAttribute('data-count', String(provider.games_count));
    await expect(card).toContainText(provider.name);
    await expect(card).toContainText(`${provider.games_count} games`);
    // The count is the hall's: games/get filtered by the provider says as much.
    const hall = (await apiGet(page.request, 'games/get', {
      options: JSON.stringify({ providers: [provider.sysname], limit: 1 }),
    })) as Listed<unknown>;
    expect(hall.total, provider.sysname).toBe(provider.games_count);
  }
  // Keyboard: the card is a link; Enter opens the hall filtered by that provider.
  const first = providers.items[0]!;
  await page.locator(`[data-provider="${first.sysname}"]`).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${platform.url}/gamehall?providers=${first.sysname}`);
});

test("a jackpot's page lists the games that feed it, as the API does", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const pools = (await apiGet(page.request, 'jackpots/get', { currency: 'EUR' })) as Listed<{
    sysname: string;
    name: string;
    amount: string;
    games_count: number;
  }>;
  const pool = pools.items.find((p) => p.sysname === 'northstar-mini')!;
  const feeding = (await apiGet(page.request, 'games/get', {
    options: JSON.stringify({ jackpot: pool.sysname, limit: 20, sort: 'popular' }),
  })) as Listed<{ sysname: string }>;
  expect(feeding.total).toBe(pool.games_count);

  // From the jackpots list, by keyboard.
  await page.goto(`${platform.url}/jackpots`);
  await expect(page.locator(`[data-jackpot="${pool.sysname}"] [data-amount]`)).toHaveAttribute(
    'data-amount',
    pool.amount,
  );
  await page.getByRole('link', { name: `See the games: ${pool.name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${platform.url}/jackpots/${pool.sysname}`);
  await expect(page.getByRole('heading', { level: 1, name: pool.name })).toBeVisible();
  const grid = page.getByRole('list', { name: 'Games that feed this jackpot' });
  await expect(grid).toHaveAttribute('data-total', String(pool.games_count));
  await expect(grid.locator('[data-game]')).toHaveCount(feeding.items.length);
  expect(
    await grid
      .locator('[data-game]')
      .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-game'))),
  ).toEqual(feeding.items.map((g) => g.sysname));
  await expect(page.getByText(`Fed by ${pool.games_count} games`)).toBeVisible();

  // Its first screen is server HTML: the games are in the page before any script runs.
  const html = await (await page.request.get(`${platform.url}/jackpots/${pool.sysname}`)).text();
  expect(html).toContain(`data-game="${feeding.items[0]!.sysname}"`);

  // An id that is no jackpot is the site's not-found page, with its status.
  const missing = await page.goto(`${platform.url}/jackpots/no-such-jackpot`);
  expect(missing?.status()).toBe(404);
});

/** Plays real rounds of Hi-Lo Dice as the signed-in request context until one beats its stake. */
async function winARound(request: APIRequestContext): Promise<{ round: string; win: number }> {
  const launched = await request.get(
    `${platform.url}/platform/game/northstar-hi-lo-dice/play?mode=real`,
    { maxRedirects: 0 },
  );
  const token = new URL(launched.headers().location!, platform.url).searchParams.get('token')!;
  // "Under 95.00" wins 95 rounds in 100; the pace rule wants 2.5 s between rounds.
  for (let attempt = 0; attempt < 8; attempt++) {
    const played = await request.post(`${platform.url}/originals/api/play`, {
      data: {
        token,
        game: 'northstar-hi-lo-dice',
        currency: 'EUR',
        bet: { stake: 500, direction: 'under', target: 9500 },
      },
    });
    const body = (await played.json()) as { round: string; view: { win: number } };
    if (played.ok() && body.view.win > 500) return { round: body.round, win: body.view.win };
    await new Promise((resolve) => setTimeout(resolve, 2_700));
  }
  throw new Error('no winning round in eight');
}

test('the winners page shows a new win from a real round without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${platform.url}/winners`);
  await expect(page.getByRole('heading', { level: 1, name: 'Winners' })).toBeVisible();
  let loads = 0;
  page.on('load', () => (loads += 1));

  // Another browser plays for real money, through the wallet like any provider.
  const player = await browser.newContext();
  const login = await player.request.post(`${platform.url}/api/auth/login?v=2.34&locale=en-US`, {
    headers: { 'X-App-Client': 'web/2.34' },
    multipart: { login: DEMO_PLAYER.login, password: DEMO_PLAYER.password },
  });
  expect(login.status()).toBe(200);
  const won = await winARound(player.request);
  await player.close();

  const latest = page.getByTestId('winners-latest');
  const top = latest.locator('li').first();
  await expect(top).toHaveAttribute('data-round', won.round, { timeout: 20_000 });
  await expect(top).toContainText('De****');
  await expect(top).toContainText('Hi-Lo Dice');
  await expect(top).toContainText(`€ ${(won.win / 100).toFixed(2)}`);
  expect(loads).toBe(0);
  // The wallet's record says the same.
  const winners = (await apiGet(page.request, 'games/getWinners', { count: '1' })) as Listed<{
    round: string;
    amount: string;
  }>;
  expect(winners.items[0]).toMatchObject({ round: won.round, amount: (won.win / 100).toFixed(2) });
});

const PAGES = ['/providers', '/jackpots', '/jackpots/northstar-mega', '/winners'];

for (const path of PAGES) {
  test(`${path} at 375 px: no sideways scroll, and axe finds nothing serious at 375 and 1440 px`, async ({
    page,
  }) => {
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${platform.url}${path}`);
      await expect(page.locator('[data-remote="casino"] h1')).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      if (width === 375) {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
      expect(await seriousViolations(page), `${path} at ${width}`).toEqual([]);
    }
  });
}
